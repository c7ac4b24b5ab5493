// Which errors mean "the database cannot answer now" rather than "this request is wrong" or "the
// code is wrong". Those become 503 with Retry-After (server/http/errors.ts), so a load balancer or
// a client retries later, and the server itself stays up and reconnects (README, Timeouts).

/** PostgreSQL SQLSTATE classes and codes: connection exceptions, shutdowns, timeouts, overload. */
const postgresCodes = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '53000', // insufficient_resources
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  'DATABASE_DEADLINE', // server/db/openPostgres.ts: no answer across a partition
]);

/** Node socket errors on the way to the database. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** pg's own messages when a connection breaks or cannot be had in time. */
const pgMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
];

/** SQLite result codes (better-sqlite3 `code`) of a locked, full, unreadable or damaged file. */
const sqlitePrefixes = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
];

function matches(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (postgresCodes.has(code) || code.startsWith('08') || socketCodes.has(code)) return true;
    if (sqlitePrefixes.some((prefix) => code.startsWith(prefix))) return true;
  }
  return pgMessages.some((message) => error.message.includes(message));
}

/** True when `error` (or an error it wraps) says the database is away, overloaded or too slow. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (matches(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
