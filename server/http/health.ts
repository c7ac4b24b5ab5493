// Probes for load balancers and orchestrators (README, Running behind a load balancer):
// GET /health answers 200 while the process serves HTTP at all (liveness: restart it otherwise);
// GET /ready answers 200 only when the database answers too (readiness: send it traffic), and 503
// while it is away or while the server is shutting down. Neither is counted by the flood caps, and
// neither reveals anything about the firm.
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { Route } from './contractTypes';
import { databaseUnavailable, sendError } from './errors';

/** A readiness probe that waits longer than this on the database reports it away. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  db: Kysely<Database>;
  /** True once shutdown began: the instance drains and should get no new traffic. */
  isClosing?: () => boolean;
}

async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function healthPlugin(app: FastifyInstance, { db, isClosing }: HealthOptions): Promise<void> {
  const noStore = { 'Cache-Control': 'no-store' };
  app.get<Route<'getHealth'>>('/health', { config: { rateLimit: false } }, async (_request, reply) =>
    reply.headers(noStore).code(200).send({ status: 'ok' }),
  );
  app.get<Route<'getReady'>>('/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    reply.headers(noStore);
    if (isClosing?.() || !(await databaseAnswers(db))) return sendError(reply, databaseUnavailable());
    return reply.code(200).send({ status: 'ready' });
  });
}

export const healthChecks = fp(healthPlugin, { name: 'health-checks' });
