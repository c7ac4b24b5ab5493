// The activity trail's table as Kysely types it (server/db/schema.ts gathers every table).

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
