// Idempotency-Key on the calls that create (README, Decisions): POST /v1/intake,
// POST /cases/v2/FromLead and POST /v1/firmUser. The client sends one key per save attempt and the
// same key again when it retries that attempt; a retry whose first try was stored answers the
// first answer (with `Idempotent-Replayed: true`) and creates nothing.
//
// The record and the stored answer are written in one transaction (server/db/transactionScope.ts),
// so a process killed between the two cannot leave a record whose key is unknown. Two tries with
// one key at the same moment meet on the key's primary key: one commits, the other rolls back
// whole and answers what the first stored.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { inRequestTransaction } from '../db/transactionScope';
import { ApiError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Answers are kept this long; a retry comes within seconds or minutes. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Answers `status` with what `work` returns, once per Idempotency-Key: without the header it
     * simply runs `work`.
     */
    sendOnce(status: number, work: () => Promise<unknown>): Promise<FastifyReply>;
  }
}

function keyReused(): ApiError {
  return new ApiError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export interface IdempotencyOptions {
  db: Kysely<Database>;
}

async function idempotencyPlugin(app: FastifyInstance, { db }: IdempotencyOptions): Promise<void> {
  async function stored(userId: string, key: string) {
    return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  }

  function replay(reply: FastifyReply, row: { status: number; response_body: string; request_hash: string }, hash: string) {
    if (row.request_hash !== hash) throw keyReused();
    return reply.code(row.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(row.response_body);
  }

  app.decorateReply('sendOnce', async function sendOnce(this: FastifyReply, status: number, work: () => Promise<unknown>) {
    const { request } = this;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return this.code(status).send(await work());
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new ApiError(400, 'validation_failed', 'Invalid request: Idempotency-Key must be 1 to 200 printable ASCII characters', {
        'Idempotency-Key': 'must be 1 to 200 printable ASCII characters',
      });
    }
    const userId = request.user?.id;
    if (!userId) throw new ApiError(401, 'unauthenticated', 'Authentication required');
    const hash = requestHash(request);
    const operation = `${request.method} ${request.routeOptions.url ?? request.url}`;

    const earlier = await stored(userId, header);
    if (earlier) return replay(this, earlier, hash);

    try {
      const body = await inRequestTransaction(db, async (trx) => {
        const answer = await work();
        const now = new Date();
        await trx
          .insertInto('idempotency_keys')
          .values({
            user_id: userId,
            key: header,
            operation,
            request_hash: hash,
            status,
            // Written by the route's serializer, as the first answer is: a replay sends what the
            // contract names and nothing more (http/openapi.ts).
            response_body: this.code(status).serialize(answer) as string,
            created_at: now.toISOString(),
          })
          .execute();
        await trx
          .deleteFrom('idempotency_keys')
          .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString())
          .execute();
        return answer;
      });
      return this.code(status).send(body);
    } catch (error) {
      // A try with the same key running at the same moment may have committed first: this one
      // then failed on the key itself, or on what the first one created (the same email, the
      // same lead). Either way the first one's answer is the answer.
      const winner = await stored(userId, header).catch(() => undefined);
      if (!winner) throw error;
      return replay(this, winner, hash);
    }
  });
}

export const idempotency = fp(idempotencyPlugin, { name: 'idempotency' });
