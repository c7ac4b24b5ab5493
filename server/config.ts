// Settings from the environment, checked once at startup. A wrong value stops the server with a
// message naming the variable, rather than failing later in a request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MIN_LENGTH } from '../src/domain/constants';
import { isStrongPassword } from '../src/domain/schemas/user';
import { DEFAULT_ACTIVITY_RETENTION_DAYS } from './activity/retention';
import { DEFAULT_CLIENT_LINK_DAYS } from './clientIntake/service';
import { DEFAULT_ENGAGEMENT_LINK_DAYS } from './engagement/service';
import { openSigningCertificate } from './engagement/signingCertificate';
import { MIN_SECRET_LENGTH } from './auth/tokens';
import { MIN_CREDENTIALS_KEY_LENGTH } from './crypto/credentialsCipher';
import { piiKeyProblems } from './crypto/piiKeys';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './db/openPostgres';
import { dataDirProblem } from './db/dataDir';

/** Fastify's requestTimeout and connectionTimeout: a half-sent request cannot hold a connection, or shutdown, forever. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... ; without it the SQLite file DATA_DIR/intake.sqlite is used. */
  databaseUrl?: string;
  /** Without it a secret is generated once and kept in DATA_DIR/jwt-secret. */
  jwtSecret?: string;
  ownerEmail?: string;
  ownerPassword?: string;
  /**
   * Whether the first start adds the demo's sample data (server/db/demoData.ts): DEMO_DATA=on|off,
   * by default on in demo mode (no OWNER_EMAIL) and off for a real firm.
   */
  demoData: boolean;
  /** Fastify's trustProxy: set behind a load balancer so the login throttle sees client addresses. */
  trustProxy: boolean | string;
  logLevel: string;
  /** The built client: STATIC_DIR, by default the vite build output dist/; false with STATIC_DIR=off
   * (`npm run dev`, where Vite serves the client and proxies the API here). */
  staticDir: string | false;
  /** Whether staticDir is dist/, which `npm start` may build itself. */
  staticDirIsDefault: boolean;
  /** The Neos API; without it `npm start` runs the local Neos sandbox (demo mode). */
  neosApiUrl?: string;
  /** Seals stored integration credentials; without it a key is generated once in DATA_DIR/credentials-key. */
  credentialsKey?: string;
  /** PII_KEYS / PII_KEY: seal SSN/ITIN; without them DATA_DIR/pii-keys (server/crypto/piiKeys.ts). */
  piiKeys: { PII_KEYS?: string; PII_KEY?: string };
  /** NODE_ENV=production: start warns about keys kept beside the database. */
  production: boolean;
  /** ACTIVITY_RETENTION_DAYS: how long the activity trail keeps a row (default about seven years). */
  activityRetentionDays: number;
  /** PostgreSQL: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS. */
  postgresTimeouts: PostgresTimeouts;
  /** REQUEST_TIMEOUT_MS: a request (body included) not received in full by then is answered 408 and closed. */
  requestTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: after SIGTERM, requests in flight get this long before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** CLIENT_LINK_DAYS: how long a client link stays open (docs/product/client-intake.md). */
  clientLinkDays: number;
  /** PUBLIC_URL: the origin client links point at; without it, the origin staff called from. */
  publicUrl?: string;
  /** SMTP_URL: where client links are emailed through; without it staff copy links only. */
  smtpUrl?: string;
  /** SMTP_FROM: the sender of those emails. */
  smtpFrom?: string;
  /** SQLITE_FULL_CHECK=on: quick_check the whole file on every start, not only after an unclean stop. */
  sqliteFullCheck: boolean;
  /** ENGAGEMENT_LINK_DAYS: how long a signing link stays open (docs/product/engagement.md). */
  engagementLinkDays: number;
  /**
   * SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE: the firm's signing certificate (PKCS#12), checked
   * to open here; without them one is made in DATA_DIR (server/engagement/signingCertificate.ts).
   */
  signingCertP12?: string;
  signingCertPassphrase?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const projectRoot = path.resolve(import.meta.dirname, '..');
export const defaultStaticDir = path.join(projectRoot, 'dist');

/** The longest password the login accepts (openapi.yaml, login body). */
const PASSWORD_MAX_LENGTH = 128;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** 'true', or the proxies' addresses or CIDR ranges, comma separated (Fastify's trustProxy). */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A duration in milliseconds from 1 to one hour, or the default when unset. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const text = given(env[name]);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 3_600_000) {
    problems.push(`${name} must be a number of milliseconds from 1 to 3600000, got "${text}"`);
    return fallback;
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const portText = given(env.PORT) ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) problems.push(`PORT must be a number from 1 to 65535, got "${portText}"`);

  const databaseUrl = given(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)');
  }

  const jwtSecret = given(env.JWT_SECRET);
  if (jwtSecret && jwtSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }

  const ownerEmail = given(env.OWNER_EMAIL);
  if (ownerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(ownerEmail)) problems.push('OWNER_EMAIL must be an email address');

  // Not trimmed: spaces are part of a password.
  const ownerPassword = env.OWNER_PASSWORD ? env.OWNER_PASSWORD : undefined;
  if (
    ownerPassword !== undefined &&
    (ownerPassword.length < PASSWORD_MIN_LENGTH || ownerPassword.length > PASSWORD_MAX_LENGTH || !isStrongPassword(ownerPassword))
  ) {
    problems.push(
      `OWNER_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters with a letter, a digit and one of !@#$%^&*`,
    );
  }

  const demoDataText = given(env.DEMO_DATA);
  if (demoDataText !== undefined && demoDataText !== 'on' && demoDataText !== 'off') {
    problems.push(`DEMO_DATA must be on or off, got "${demoDataText}"`);
  }
  const demoData = demoDataText === undefined ? ownerEmail === undefined : demoDataText === 'on';

  const neosApiUrl = given(env.NEOS_API_URL);
  if (neosApiUrl && !isHttpUrl(neosApiUrl)) problems.push('NEOS_API_URL must be an http:// or https:// address');

  const credentialsKey = given(env.CREDENTIALS_KEY);
  if (credentialsKey && credentialsKey.length < MIN_CREDENTIALS_KEY_LENGTH) {
    problems.push(`CREDENTIALS_KEY must be at least ${MIN_CREDENTIALS_KEY_LENGTH} characters long`);
  }

  const retentionText = given(env.ACTIVITY_RETENTION_DAYS) ?? String(DEFAULT_ACTIVITY_RETENTION_DAYS);
  const activityRetentionDays = Number(retentionText);
  if (!/^\d+$/.test(retentionText) || activityRetentionDays < 1) {
    problems.push(`ACTIVITY_RETENTION_DAYS must be a whole number of days, at least 1, got "${retentionText}"`);
  }

  const piiKeys = { PII_KEYS: given(env.PII_KEYS), PII_KEY: given(env.PII_KEY) };
  problems.push(...piiKeyProblems(piiKeys));

  const logLevel = given(env.LOG_LEVEL) ?? 'info';
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);

  const postgresTimeouts: PostgresTimeouts = {
    connectMs: milliseconds(env, 'DB_CONNECT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.connectMs, problems),
    statementMs: milliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.statementMs, problems),
    idleInTransactionMs: milliseconds(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionMs, problems),
  };
  const requestTimeoutMs = milliseconds(env, 'REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS, problems);
  const shutdownTimeoutMs = milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS, problems);

  const linkDaysText = given(env.CLIENT_LINK_DAYS) ?? String(DEFAULT_CLIENT_LINK_DAYS);
  const clientLinkDays = Number(linkDaysText);
  if (!/^\d+$/.test(linkDaysText) || clientLinkDays < 1 || clientLinkDays > 90) {
    problems.push(`CLIENT_LINK_DAYS must be a whole number of days from 1 to 90, got "${linkDaysText}"`);
  }
  const publicUrl = given(env.PUBLIC_URL);
  if (publicUrl && !isHttpUrl(publicUrl)) problems.push('PUBLIC_URL must be an http:// or https:// address');
  const smtpUrl = given(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');

  const engagementDaysText = given(env.ENGAGEMENT_LINK_DAYS) ?? String(DEFAULT_ENGAGEMENT_LINK_DAYS);
  const engagementLinkDays = Number(engagementDaysText);
  if (!/^\d+$/.test(engagementDaysText) || engagementLinkDays < 1 || engagementLinkDays > 90) {
    problems.push(`ENGAGEMENT_LINK_DAYS must be a whole number of days from 1 to 90, got "${engagementDaysText}"`);
  }
  const signingCertP12 = given(env.SIGNING_CERT_P12);
  // Not trimmed: a passphrase's spaces are part of it.
  const signingCertPassphrase = env.SIGNING_CERT_PASSPHRASE ? env.SIGNING_CERT_PASSPHRASE : undefined;
  if ((signingCertP12 === undefined) !== (signingCertPassphrase === undefined)) {
    problems.push(
      'SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE go together: give both, or neither to use the certificate made in DATA_DIR',
    );
  } else if (signingCertP12 !== undefined) {
    try {
      openSigningCertificate(readFileSync(signingCertP12), signingCertPassphrase ?? '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ? 'cannot be read' : (error as Error).message;
      problems.push(`SIGNING_CERT_P12 (${signingCertP12}) ${reason}`);
    }
  }

  const dataDir = path.resolve(given(env.DATA_DIR) ?? './data');
  const dataDirWrong = dataDirProblem(dataDir);
  if (dataDirWrong) problems.push(`DATA_DIR (${dataDir}) ${dataDirWrong}`);

  const fullCheckText = given(env.SQLITE_FULL_CHECK);
  if (fullCheckText !== undefined && fullCheckText !== 'on' && fullCheckText !== 'off') {
    problems.push(`SQLITE_FULL_CHECK must be on or off, got "${fullCheckText}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: given(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret,
    ownerEmail,
    ownerPassword,
    demoData,
    trustProxy: parseTrustProxy(given(env.TRUST_PROXY)),
    logLevel,
    staticDir: given(env.STATIC_DIR) === 'off' ? false : path.resolve(given(env.STATIC_DIR) ?? defaultStaticDir),
    staticDirIsDefault: given(env.STATIC_DIR) === undefined,
    neosApiUrl,
    credentialsKey,
    piiKeys,
    production: given(env.NODE_ENV) === 'production',
    activityRetentionDays,
    postgresTimeouts,
    requestTimeoutMs,
    shutdownTimeoutMs,
    clientLinkDays,
    publicUrl,
    smtpUrl,
    smtpFrom: given(env.SMTP_FROM),
    sqliteFullCheck: fullCheckText === 'on',
    engagementLinkDays,
    signingCertP12,
    signingCertPassphrase,
  };
}
