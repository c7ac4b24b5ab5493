// Encryption at rest for SSN and ITIN (README, "Encryption at rest"; docs/product/people.md and
// docs/product/intake-form.md): AES-256-GCM with a fresh 96-bit nonce per value and the key's id in the value,
// so keys can rotate (`npm run rotate-key`) while old values stay readable until re-sealed:
//
//   v1:<keyId>:<nonce>:<tag>:<ciphertext>   (base64url parts)
//
// Each key is derived with HKDF-SHA256 from its secret, so a secret can be any long random text.
// The column a value belongs to (`users.ssn`, `intakes.ssnItin`) is bound as additional
// authenticated data: a sealed SSN pasted into another column does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SealedValueError } from './credentialsCipher';
import { keyringFileVersion, readKeyringFile, type PiiKeyring, type PiiKeySource } from './piiKeys';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'intake-app pii at rest v1';

/**
 * `users.totpSecret`: an authenticator's secret (migration 0025), sealed like the numbers.
 * `engagements.signedPdf`: a signed engagement's PDF in base64 (migration 0027, engagement_files).
 */
export type PiiColumn = 'users.ssn' | 'users.itin' | 'intakes.ssnItin' | 'users.totpSecret' | 'engagements.signedPdf';

export interface PiiCipher {
  /** Seals with the current key. */
  seal(plain: string, column: PiiColumn): string;
  /** Throws SealedValueError for a value of no known key, another column, or tampered with. */
  open(sealed: string, column: PiiColumn): string;
  /** The key id a sealed value names (no decryption). */
  keyIdOf(sealed: string): string | undefined;
  currentKeyId(): string;
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}:`);
}

function deriveKeys(keyring: PiiKeyring): Map<string, Buffer> {
  return new Map(
    Object.entries(keyring.keys).map(([id, secret]) => [
      id,
      Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32)),
    ]),
  );
}

/**
 * A cipher over a fixed keyring (PII_KEYS / PII_KEY), or over the keyring file, re-read when
 * `rotate-key` replaced it: before each seal (so new values take the new key at once) and when a
 * value names a key not yet known.
 */
export function createPiiCipher(source: PiiKeySource | PiiKeyring): PiiCipher {
  const fileSource = 'kind' in source && source.kind === 'file' ? source.file : undefined;
  let keyring = 'kind' in source ? (source.kind === 'env' ? source.keyring : readKeyringFile(source.file)) : source;
  let keys = deriveKeys(keyring);
  let version = fileSource ? keyringFileVersion(fileSource) : '';

  function refresh(): void {
    if (!fileSource) return;
    const now = keyringFileVersion(fileSource);
    if (now === version) return;
    keyring = readKeyringFile(fileSource);
    keys = deriveKeys(keyring);
    version = now;
  }

  function keyFor(id: string): Buffer | undefined {
    if (!keys.has(id)) refresh();
    return keys.get(id);
  }

  return {
    seal(plain, column) {
      refresh();
      const key = keys.get(keyring.current)!;
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(column, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyring.current, ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join(':');
    },

    open(sealed, column) {
      const [version, keyId, nonce, tag, ciphertext, ...rest] = sealed.split(':');
      if (version !== VERSION || !keyId || nonce === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SealedValueError('Not a sealed value of this server');
      }
      const key = keyFor(keyId);
      if (!key) throw new SealedValueError(`No key "${keyId}" to open this value (PII_KEYS or DATA_DIR/pii-keys lacks it)`);
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(column, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedValueError('The sealed value does not open with its key');
      }
    },

    keyIdOf(sealed) {
      const [version, keyId] = sealed.split(':');
      return version === VERSION ? keyId : undefined;
    },

    currentKeyId() {
      refresh();
      return keyring.current;
    },
  };
}

/** Seals a value that may be empty: null and '' stay as they are (nothing to hide). */
export function sealOptional(cipher: PiiCipher, plain: string | null | undefined, column: PiiColumn): string | null {
  return plain ? cipher.seal(plain, column) : null;
}

export function openOptional(cipher: PiiCipher, sealed: string | null | undefined, column: PiiColumn): string | null {
  return sealed ? cipher.open(sealed, column) : null;
}
