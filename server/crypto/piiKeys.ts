// Where the keys that seal SSN/ITIN come from (README, "Encryption at rest"): PII_KEYS (several,
// `id:secret` comma separated, the first seals) or PII_KEY (one) from the environment, else the
// file DATA_DIR/pii-keys (mode 0600) made on first start. The file can be changed by
// `npm run rotate-key` while the app runs: the app notices (piiCipher.ts) and reloads it.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PII_KEYS_FILE_NAME = 'pii-keys';
/** As for JWT_SECRET: a shorter secret is easier to guess than the 256-bit key made from it. */
export const MIN_PII_KEY_LENGTH = 32;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface PiiKeyring {
  /** The id new values are sealed with. */
  current: string;
  /** Secrets by key id; the current one among them. */
  keys: Record<string, string>;
}

export type PiiKeySource = { kind: 'env'; keyring: PiiKeyring } | { kind: 'file'; file: string };

/** A key id for a lone PII_KEY: stable for the same secret, and telling nothing about it. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(`pii-key-id:${secret}`).digest('base64url').slice(0, 8);
}

/** Problems with PII_KEYS / PII_KEY, for config.ts to report by name; empty when fine. */
export function piiKeyProblems(env: { PII_KEYS?: string; PII_KEY?: string }): string[] {
  try {
    keyringFromEnv(env);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** The keyring the environment gives, or undefined when it gives none. */
export function keyringFromEnv(env: { PII_KEYS?: string; PII_KEY?: string }): PiiKeyring | undefined {
  const list = env.PII_KEYS?.trim();
  if (list) {
    const keys: Record<string, string> = {};
    let current: string | undefined;
    for (const entry of list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const colon = entry.indexOf(':');
      const id = entry.slice(0, colon);
      const secret = entry.slice(colon + 1);
      if (colon < 1 || !KEY_ID_PATTERN.test(id))
        throw new Error('PII_KEYS must be comma-separated id:secret entries (ids of letters, digits, - and _)');
      if (secret.length < MIN_PII_KEY_LENGTH)
        throw new Error(`PII_KEYS: the secret of key "${id}" must be at least ${MIN_PII_KEY_LENGTH} characters long`);
      keys[id] = secret;
      current ??= id;
    }
    if (!current) throw new Error('PII_KEYS holds no key');
    return { current, keys };
  }
  const single = env.PII_KEY?.trim();
  if (single) {
    if (single.length < MIN_PII_KEY_LENGTH) throw new Error(`PII_KEY must be at least ${MIN_PII_KEY_LENGTH} characters long`);
    const id = keyIdOf(single);
    return { current: id, keys: { [id]: single } };
  }
  return undefined;
}

export function newKeyId(): string {
  return `k${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

function parseKeyring(text: string, file: string): PiiKeyring {
  const value = JSON.parse(text) as Partial<PiiKeyring>;
  if (!value || typeof value.current !== 'string' || !value.keys || typeof value.keys[value.current] !== 'string') {
    throw new Error(`${file} does not hold a usable keyring; restore it from a backup`);
  }
  return { current: value.current, keys: value.keys };
}

/** Writes the keyring whole (temporary file, then rename), mode 0600, so a reader never sees half of it. */
export function writeKeyringFile(file: string, keyring: PiiKeyring): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(keyring, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/** The keyring file, made with one fresh key on first use. */
export function readKeyringFile(file: string): PiiKeyring {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    const id = newKeyId();
    writeFileSync(file, `${JSON.stringify({ current: id, keys: { [id]: newSecret() } }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // EEXIST: made by an earlier start (or a concurrent one); read it below.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKeyring(readFileSync(file, 'utf8'), file);
}

/** A number that changes whenever the file is replaced (rotate-key renames a new one in). */
export function keyringFileVersion(file: string): string {
  const stats = statSync(file);
  return `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
}

/** PII_KEYS / PII_KEY when set, else DATA_DIR/pii-keys. */
export function resolvePiiKeySource(env: { PII_KEYS?: string; PII_KEY?: string }, dataDir: string): PiiKeySource {
  const keyring = keyringFromEnv(env);
  return keyring ? { kind: 'env', keyring } : { kind: 'file', file: path.join(dataDir, PII_KEYS_FILE_NAME) };
}
