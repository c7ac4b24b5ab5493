// Encryption at rest for integration secrets (docs/architecture.md, Neos integration: "Validated credentials
// are stored encrypted"). AES-256-GCM with a fresh 96-bit nonce per value; the key is derived with
// HKDF-SHA256 from CREDENTIALS_KEY (or the generated DATA_DIR/credentials-key), so the setting can
// be any long random text rather than exactly 32 bytes in one encoding.
//
// Each value is bound to where it belongs (`context`, e.g. the firm's id) as additional
// authenticated data: a sealed key copied into another firm's row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { resolveSecret } from './secretFile';

export const CREDENTIALS_KEY_FILE_NAME = 'credentials-key';
/** As for JWT_SECRET: shorter secrets are easier to guess than the 256-bit key made from them. */
export const MIN_CREDENTIALS_KEY_LENGTH = 32;

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'intake-app credentials at rest v1';

export interface CredentialsCipher {
  /** 'v1.<nonce>.<tag>.<ciphertext>', base64url parts; a new nonce each call. */
  seal(plain: string, context: string): string;
  /** The plain text; throws for a value sealed with another key or context, or tampered with. */
  open(sealed: string, context: string): string;
}

export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

export function createCredentialsCipher(secret: string): CredentialsCipher {
  if (secret.length < MIN_CREDENTIALS_KEY_LENGTH) {
    throw new Error(`The credentials key must be at least ${MIN_CREDENTIALS_KEY_LENGTH} characters long`);
  }
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));

  return {
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },

    open(sealed, context) {
      const [version, nonce, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SealedValueError('Not a sealed value of this server');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedValueError('The sealed value does not open with this key and context');
      }
    },
  };
}

/**
 * CREDENTIALS_KEY when given, else a key made on first start and kept in DATA_DIR/credentials-key
 * (mode 0600). Losing it makes stored credentials unreadable: they must then be validated again.
 */
export function resolveCredentialsKey(configured: string | undefined, dataDir: string): string {
  return resolveSecret({ configured, dataDir, fileName: CREDENTIALS_KEY_FILE_NAME, minLength: MIN_CREDENTIALS_KEY_LENGTH });
}
