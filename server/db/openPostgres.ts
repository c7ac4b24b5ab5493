// PostgreSQL through DATABASE_URL: a pool whose every statement has a deadline on both sides,
// and which survives connections the server ends (docs/architecture.md, API and server).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { keptName } from './keptStatements';
import type { Database } from './schema';

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
 * The pg client of the pool. Its queries have a deadline on this side too (when `deadlineMs` is
 * set): statement_timeout only helps while PostgreSQL can still talk to us; across a network
 * partition nothing comes back, so the client drops the connection itself. The query then fails,
 * the pool discards the client, and the next query opens a fresh connection. A kept statement
 * (keptStatements.ts) runs under its name, prepared once per connection.
 */
function poolClient(deadlineMs: number | undefined): typeof pg.Client {
  return class PoolClient extends pg.Client {
    // pg's query() has many overloads; Kysely calls the (text, values) promise form.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) ? keptName(text) : undefined;
      const run = super.query as (...a: unknown[]) => unknown;
      const result = name === undefined ? run.apply(this, args) : run.call(this, { name, text, values });
      if (deadlineMs === undefined || !(result instanceof Promise)) return result as never;
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

export function openPostgres(databaseUrl: string, given: Partial<PostgresTimeouts> = {}): Kysely<Database> {
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...given };
  // 0 turns a limit off (the migrations' connection, start.ts).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    Client: poolClient(timeouts.statementMs > 0 ? timeouts.statementMs + CLIENT_DEADLINE_MARGIN_MS : undefined),
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
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
