// The stored answers of idempotent creates (idempotency.ts) as Kysely types them
// (server/db/schema.ts gathers every table).

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
