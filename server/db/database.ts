// The connection and the typed tables. Default: a SQLite file under DATA_DIR (WAL, full sync);
// DATABASE_URL=postgres://... switches to PostgreSQL, which several server instances can share
// (docs/architecture.md, API and server).
//
// Column names are snake_case; each resource's service maps rows to the camelCase API types. Timestamps are
// ISO-8601 UTC text on both databases (fixed width, so they sort and compare as strings); ids are
// UUID text made by the application.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresDialect,
  PrimitiveValueListNode,
  SqliteDialect,
  type SqliteDialectConfig,
  ValueNode,
  type ColumnType,
  type Insertable,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type Selectable,
  type UnknownRow,
  type Updateable,
} from 'kysely';
import pg from 'pg';
import { DatabaseFileError, checkAfterOpen, checkBeforeOpen, takeCleanStop, type StartCheck } from './sqliteChecks';
import { matchesSearch, type SearchQuery } from '../intakes/search';
import type {
  CivilStatus,
  Gender,
  IntakeStatus,
  LeadGender,
  PhoneUsage,
  Privilege,
  SsnStatus,
  UserStatus,
  YesNo,
} from '../../src/domain/enums';

/**
 * SQLite has no boolean type: it stores 0/1 and returns numbers, PostgreSQL returns booleans.
 * Writes take booleans (SqliteBooleanPlugin below turns them into 0/1); repositories
 * read with `Boolean(value)`.
 */
export type StoredBoolean = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface FirmsTable {
  id: string;
  firm_name: string;
  firm_contact: string;
  firm_mail: string;
  firm_address: string;
  is_neos_integrated: StoredBoolean;
  /** Neos integration credentials (migration 0004); all null until validated ones are saved. */
  neos_company_id: string | null;
  neos_integration_id: string | null;
  /** AES-256-GCM sealed API key (server/crypto/credentialsCipher.ts), never the key itself. */
  neos_api_key_encrypted: string | null;
  neos_api_key_last_four: string | null;
  /** Limitation period in whole years (migration 0016, src/domain/limitation.ts). */
  limitation_years: ColumnType<number, number | undefined, number>;
  /** The owner's 'Require two-factor sign-in' (migration 0025). */
  require_second_factor: StoredBoolean;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  firm_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Always lower-cased, unique across firms: the login looks a user up by email alone. */
  email: string;
  password_hash: string;
  privilege: Privilege;
  phone_number: string | null;
  usage: PhoneUsage | null;
  civil_status: CivilStatus | null;
  gender: Gender | null;
  birth_date: string | null;
  /** Sealed (server/crypto/piiCipher.ts, migration 0008), never the digits. */
  ssn: string | null;
  ssn_status: SsnStatus | null;
  /** Sealed like ssn. */
  itin: string | null;
  /** 'Active' or 'Deactivated' (migration 0009): a deactivated user cannot sign in. */
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  created_at: string;
  updated_at: string;
}

/** One sign-in (migration 0009): the token carries its id; ended_at set means signed out. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  /** Why it ended: 'signOut', 'passwordChanged', 'emailChanged', 'privilegeChanged', 'deactivated'. */
  end_reason: string | null;
}

/** Sign-in counters (server/auth/loginThrottle.ts): 'email:', 'email-day:', 'ip:' or 'device:' keys, shared by every instance. */
export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

/**
 * A client intake (docs/architecture.md, Intakes): the seven sections as one JSON text, with the columns the
 * list searches and sorts beside it.
 */
export interface IntakesTable {
  case_id: string;
  firm_id: string;
  status: IntakeStatus;
  representative_id: string | null;
  representative_name: string | null;
  client_first_name: string;
  client_last_name: string;
  /** First, middle and last name joined: what the list shows, sorts and searches. */
  client_name: string;
  client_phone: string;
  client_email: string;
  /** The words the list's search finds it by (server/intakes/search.ts, migration 0006). */
  search_terms: string;
  /**
   * JSON of the sections (personalInformation ... checklist) as the API carries them, except
   * personalInformation.ssnItin, always '' here: it is sealed in ssn_itin_sealed (migration 0008).
   */
  sections: string;
  /** The client's SSN/ITIN, sealed (server/crypto/piiCipher.ts); null when the intake has none. */
  ssn_itin_sealed: string | null;
  /** incidentDescription.incidentDate as 'YYYY-MM-DD', null when unanswered (migration 0018): the dashboard's deadlines. */
  incident_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/**
 * How many intakes a firm has of one status, kept exact by triggers in the transaction of every
 * write to intakes (migration 0013): the list's total without a search.
 */
export interface IntakeTotalsTable {
  firm_id: string;
  status: IntakeStatus;
  total: number;
}

/**
 * Intakes per firm and status with a word beginning with `prefix` (no digits, at most 32
 * characters), kept exact by triggers (migration 0020): the total of a one-word search.
 */
export interface IntakePrefixTotalsTable {
  firm_id: string;
  status: IntakeStatus;
  prefix: string;
  total: number;
}

/** Intakes per firm, representative ('' for none) and status, kept by triggers (migration 0018): the dashboard's bars. */
export interface IntakeRepresentativeTotalsTable {
  firm_id: string;
  representative_id: string;
  status: IntakeStatus;
  total: number;
}

/**
 * Per firm and UTC day ('YYYY-MM-DD'): finals submitted, leads registered, and of those the leads
 * with an intake and with a final intake; kept by triggers (migration 0019): the dashboard's windows.
 */
export interface FirmDayTotalsTable {
  firm_id: string;
  day: string;
  finals: number;
  leads: number;
  leads_with_intake: number;
  leads_with_final: number;
}

/** A registered lead (docs/product/leads.md, Lead) with its normalised match keys (docs/architecture.md, Leads). */
export interface LeadsTable {
  id: string;
  firm_id: string;
  created_by: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Calendar date 'YYYY-MM-DD'; also the birth-date match key. */
  birth_date: string;
  address: string;
  city: string;
  county: string;
  state: string;
  country: string;
  zip_code: string;
  email: string | null;
  gender: LeadGender;
  phone: string;
  minor: YesNo;
  /** leadMatchKeys().nameKey: 'first last', lower-case, no accents. */
  name_key: string;
  phone_digits: string;
  email_norm: string;
  intake_id: string | null;
  /** SHA-256 of the compared fields (server/leads/identity.ts), unique per firm (migration 0010). */
  identity_key: string | null;
  created_at: string;
}

/** One row of the activity trail (migration 0007; server/activity/). Append-only. */
export interface ActivityTable {
  id: string;
  at: string;
  firm_id: string | null;
  user_id: string | null;
  action: string;
  subject: string | null;
  /** JSON array of changed field paths (`section.field`), never values. */
  fields: string;
  client_address: string | null;
  /** SHA-256 of the lower-cased email of a failed sign-in that matched no user. */
  email_hash: string | null;
}

/** A stored answer to a create sent with an Idempotency-Key (migration 0011). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_hash: string;
  status: number;
  response_body: string;
  created_at: string;
}

/** A link that opens one intake's client part (migration 0017; docs/product/client-intake.md). */
export interface ClientLinksTable {
  id: string;
  firm_id: string;
  case_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** Set when a newer link for the intake replaced this one. */
  revoked_at: string | null;
  /** The first time the client opened it. */
  opened_at: string | null;
  /** Set by the one submit the link allows. */
  submitted_at: string | null;
}

/** One field the client answered (migration 0017): its value as JSON, and whether it went into the draft. */
export interface IntakeClientAnswersTable {
  case_id: string;
  path: string;
  firm_id: string;
  value: string;
  /** 1: the draft holds it; 0: staff had another value, kept beside it for staff to choose. */
  applied: number;
  submitted_at: string;
}

/** The full name and consent a client gave with their submit (migration 0023). */
export interface ClientAttestationsTable {
  link_id: string;
  /** The `clientLink.submitted` row of the activity trail it belongs to. */
  activity_id: string;
  firm_id: string;
  case_id: string;
  full_name: string;
  consented_at: string;
  client_address: string | null;
  user_agent: string | null;
}

/** A user's authenticator (migration 0025; server/auth/secondFactor.ts). */
export interface UserSecondFactorsTable {
  user_id: string;
  /** Sealed (server/crypto/piiCipher.ts, column 'users.totpSecret'), never the secret itself. */
  secret_sealed: string;
  created_at: string;
  /** Null until a first code confirmed the enrolment. */
  confirmed_at: string | null;
  /** The RFC 6238 time step of the last code taken: no code is taken twice. */
  last_time_step: number | null;
}

/** One single-use recovery code (migration 0025): its argon2id hash only. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** A password checked, a second factor owed (migration 0025). */
export interface LoginChallengesTable {
  /** SHA-256 (hex) of the challenge; the challenge itself is never stored. */
  id: string;
  user_id: string;
  /** 'verify': a code of the user's authenticator; 'enrol': the firm requires one and the user has none yet. */
  purpose: string;
  created_at: string;
  expires_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: string | null;
}

/** A user's passkey (migration 0029). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, as the authenticator names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (bigint: it runs to 2^32 - 1; read as a number). */
  counter: number;
  /** JSON array of the transports the browser reported, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn ceremony's challenge (migration 0029). */
export interface WebauthnChallengesTable {
  /** SHA-256 (hex) of the challenge. */
  id: string;
  user_id: string | null;
  /** 'register', 'signIn' or 'secondFactor'. */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  firms: FirmsTable;
  users: UsersTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  intakes: IntakesTable;
  intake_totals: IntakeTotalsTable;
  intake_prefix_totals: IntakePrefixTotalsTable;
  intake_representative_totals: IntakeRepresentativeTotalsTable;
  firm_day_totals: FirmDayTotalsTable;
  leads: LeadsTable;
  activity: ActivityTable;
  idempotency_keys: IdempotencyKeysTable;
  client_links: ClientLinksTable;
  intake_client_answers: IntakeClientAnswersTable;
  client_attestations: ClientAttestationsTable;
  user_second_factors: UserSecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}

export type FirmRow = Selectable<FirmsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type IntakeRow = Selectable<IntakesTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;

export type DatabaseKind = 'sqlite' | 'postgres';

/** How long the server waits on PostgreSQL before it gives up and answers 503 (README, Timeouts). */
export interface PostgresTimeouts {
  /** Opening a connection: a database that neither answers nor refuses fails after this. */
  connectMs: number;
  /** One statement, enforced by PostgreSQL (statement_timeout) and, a little later, by the client. */
  statementMs: number;
  /** A transaction left open without a statement is ended by PostgreSQL after this. */
  idleInTransactionMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 10_000 };

/** Past statement_timeout, time for PostgreSQL's own cancel to arrive before the client gives up on the connection. */
const CLIENT_DEADLINE_MARGIN_MS = 2000;

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; without it the SQLite file DATA_DIR/intake.sqlite is used. */
  databaseUrl?: string;
  dataDir: string;
  postgresTimeouts?: Partial<PostgresTimeouts>;
  /**
   * SQLite: 'auto' (the default) reads the whole file with quick_check unless the last stop was
   * clean (sqliteChecks.ts, takeCleanStop); 'full' always does (SQLITE_FULL_CHECK=on).
   */
  startCheck?: 'auto' | 'full';
  /** Told which check the start ran, for start.ts to say so. */
  onStartCheck?: (check: StartCheck) => void;
}

export const SQLITE_FILE_NAME = 'intake.sqlite';
const BUSY_TIMEOUT_MS = 5000;

// COUNT(*) and other int8 values arrive from pg as strings by default; counts and totals here fit
// in a double, and SQLite returns numbers, so both databases answer with the same JavaScript type.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export class DatabaseDeadlineError extends Error {
  readonly code = 'DATABASE_DEADLINE';
  constructor(ms: number) {
    super(`PostgreSQL did not answer within ${ms} ms; the connection was dropped`);
    this.name = 'DatabaseDeadlineError';
  }
}

/**
 * A pg client whose queries have a deadline on this side too. statement_timeout only helps while
 * PostgreSQL can still talk to us; across a network partition nothing comes back, so the client
 * drops the connection itself. The query then fails, the pool discards the client, and the next
 * query opens a fresh connection.
 */
function clientWithDeadline(deadlineMs: number): typeof pg.Client {
  return class DeadlineClient extends pg.Client {
    // pg's query() has many overloads; Kysely calls the (text, values) promise form.
    override query(...args: unknown[]): never {
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result as never;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = new DatabaseDeadlineError(deadlineMs);
          (this as unknown as { connection: { stream: { destroy(error?: Error): void } } }).connection.stream.destroy();
          reject(error);
        }, deadlineMs);
      });
      return Promise.race([result, expired]).finally(() => clearTimeout(timer)) as never;
    }
  };
}

function noteLostConnection(error: Error & { code?: string }): void {
  // Only the code is printed: PostgreSQL error details can quote row values.
  console.warn(`PostgreSQL connection lost (${error.code ?? error.message}); the pool will reconnect.`);
}

function openPostgres(databaseUrl: string, given: Partial<PostgresTimeouts> = {}): Kysely<Database> {
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...given };
  // 0 turns a limit off (the migrations' connection, start.ts).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(timeouts.statementMs > 0
      ? { Client: clientWithDeadline(timeouts.statementMs + CLIENT_DEADLINE_MARGIN_MS), statement_timeout: timeouts.statementMs }
      : {}),
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs } : {}),
    // A peer that vanished without closing (a failover, a cut cable) is noticed by the kernel.
    keepAlive: true,
  });
  // A connection the server ends (restart, failover, pg_terminate_backend) makes its client emit
  // 'error'. The pool listens only while a client is idle; a client checked out between two
  // queries would have no listener and the event would end the process. Every client gets its
  // own listener for its whole life: the failed query rejects, the pool drops the client on
  // release, and the next query connects anew.
  pool.on('connect', (client) => client.on('error', noteLostConnection));
  pool.on('error', noteLostConnection);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * DATA_DIR 0700 and the database file 0600 before SQLite opens it: SQLite gives the -wal and -shm
 * files it makes the main file's mode (README, Encryption at rest). A new file is made empty here
 * with that mode; SQLite treats an empty file as a new database.
 */
function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'wx', 0o600));
  restrictMode(file);
}

/**
 * 0600 where this process may change it; a file it may not touch (another owner, immutable) is
 * left for the open and write checks (sqliteChecks.ts) to report by name.
 */
function restrictMode(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EACCES' && code !== 'EROFS') throw error;
  }
}

/** What is wrong with DATA_DIR as a directory to keep data in, or undefined (a missing one is made). */
export function dataDirProblem(dataDir: string): string | undefined {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch {
    return undefined;
  }
  return isDirectory ? undefined : 'is a file, not a directory: point DATA_DIR at a directory (a missing one is made)';
}

/** DATA_DIR 0700, also when an older version made it 0755. */
export function ensurePrivateDirectory(dataDir: string): void {
  const problem = dataDirProblem(dataDir);
  if (problem) throw new DatabaseFileError(dataDir, `DATA_DIR ${problem}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/** The database and its -wal and -shm files 0600, whatever made them (an older version, a copy). */
export function restrictSqliteFiles(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) restrictMode(name);
  }
}

export function openDatabase(options: DatabaseOptions): Kysely<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgresTimeouts);
  ensurePrivateDirectory(options.dataDir);
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  checkBeforeOpen(file);
  const check: StartCheck = options.startCheck !== 'full' && takeCleanStop(file) ? 'quick' : 'full';
  ensurePrivateFile(file);
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new DatabaseFileError(file, `the file cannot be opened (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    checkAfterOpen(sqlite, file, check);
    options.onStartCheck?.(check);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  sqlite.pragma('journal_mode = WAL');
  // Deleted and overwritten content is zeroed rather than left in free pages (README, Encryption at rest).
  sqlite.pragma('secure_delete = ON');
  restrictSqliteFiles(file);
  // FULL: a committed intake survives a power cut, at the price of an fsync per commit.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The list's search checked row by row (server/intakes/repository.ts): the query arrives as the
  // JSON of its phrases.
  sqlite.function('intake_matches', { deterministic: true }, (terms, query) =>
    typeof terms === 'string' && typeof query === 'string' && matchesSearch(terms, JSON.parse(query) as SearchQuery) ? 1 : 0,
  );
  keepStatisticsFresh(sqlite);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new SqliteBooleanPlugin()],
  });
}

/** Statements kept prepared; past this the oldest is dropped (a list's IN (...) of varying length makes new texts). */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely uses it, each statement prepared once per SQL text: Kysely
 * prepares every query again, which was a tenth of an authenticated request's CPU (README,
 * Performance). Kysely runs one query at a time on its single SQLite connection and reads each
 * answer whole, so a statement is never in use twice at once; SQLite re-prepares a kept statement
 * by itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** How often a long-running server refreshes SQLite's planner statistics. */
export const SQLITE_OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * SQLite's planner statistics, which nothing else would ever gather (README, Performance):
 * `PRAGMA optimize` at open (0x10000: look at every table, as SQLite advises for a connection
 * that lives long) and then every hour, each run bounded by analysis_limit so that it costs
 * milliseconds even at a million intakes. The timer is unref'd, so it never keeps the process
 * alive, and stops once the connection is closed.
 */
function keepStatisticsFresh(sqlite: SqliteDatabase.Database): void {
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  const timer = setInterval(() => {
    if (!sqlite.open) {
      clearInterval(timer);
      return;
    }
    try {
      sqlite.pragma('optimize');
    } catch (error) {
      // Busy with a long write: the next hour will do.
      console.warn(`PRAGMA optimize skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }, SQLITE_OPTIMIZE_INTERVAL_MS);
  timer.unref();
}

/** Which database is behind `db`, for the few queries that differ (locks, case-insensitive search). */
export function databaseKind<T>(db: Kysely<T>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * better-sqlite3 refuses to bind JavaScript booleans, so every boolean parameter becomes 0/1 on
 * SQLite; code above the connection writes `true`/`false` on both databases.
 */
class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToIntegerTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class BooleanToIntegerTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value !== 'boolean') return node;
    const value = node.value ? 1 : 0;
    // Immediate values are written into the SQL text (DDL defaults), the others are bound.
    return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
  }
}
