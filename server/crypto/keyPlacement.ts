// Where the secrets sit (README, Encryption at rest). In production, one kept in DATA_DIR sits
// beside the data it protects and travels with every copy of the directory; start.ts prints this
// warning then, naming each such secret and how to pass it instead.
import type { PiiKeySource } from './piiKeys';

export interface SecretPlacement {
  production: boolean;
  pii: PiiKeySource;
  credentialsKeyGiven: boolean;
  jwtSecretGiven: boolean;
}

/** The warning to print, or undefined when there is nothing to warn about. */
export function keysBesideDataWarning({ production, pii, credentialsKeyGiven, jwtSecretGiven }: SecretPlacement): string | undefined {
  if (!production) return undefined;
  const besideData = [
    pii.kind === 'file' && 'the SSN/ITIN key (DATA_DIR/pii-keys; pass PII_KEYS)',
    !credentialsKeyGiven && 'the credentials key (DATA_DIR/credentials-key; pass CREDENTIALS_KEY)',
    !jwtSecretGiven && 'the token secret (DATA_DIR/jwt-secret; pass JWT_SECRET)',
  ].filter(Boolean);
  if (besideData.length === 0) return undefined;
  return (
    `NODE_ENV=production and these secrets are kept in DATA_DIR beside the data they protect: ${besideData.join(', ')}. ` +
    'Pass them as environment variables from a secret store instead (PII_KEYS=<id>:<secret> with the id and secret ' +
    'from DATA_DIR/pii-keys), then remove the files from DATA_DIR and from its backups (README, Encryption at rest).'
  );
}
