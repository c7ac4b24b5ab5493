// Secrets the server needs across restarts (the JWT signing secret, the credentials key): the
// configured value when there is one, else a random one made on first start and kept in DATA_DIR
// with mode 0600, so a single instance works without setup. Instances behind one load balancer
// must be given the value instead, since each would otherwise make its own.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretSource {
  /** The value from the environment, if any; it wins over the file. */
  configured: string | undefined;
  dataDir: string;
  /** The file under dataDir that keeps the generated secret. */
  fileName: string;
  /** Shortest acceptable secret; a shorter file is refused rather than used. */
  minLength: number;
}

export function resolveSecret({ configured, dataDir, fileName, minLength }: SecretSource): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, fileName);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // EEXIST: made by an earlier start (or a concurrent one); read it below.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // 0600 also for a file an older version (or a copy) left readable by others.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < minLength) throw new Error(`${file} does not hold a usable secret; delete it to make a new one`);
  return secret;
}
