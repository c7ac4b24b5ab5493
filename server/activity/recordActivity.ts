// Appends one row to the activity trail (docs/product/activity.md). The only writer of the table
// besides the retention job; nothing updates a row. Field paths only, never values: a caller
// passes which fields changed, not what they changed to.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ActivityAction } from './actions';
import { activityId } from './activityId';

export interface ActivityRecord {
  /** The firm the row is filed under; null only for a failed sign-in that matched no user. */
  firmId: string | null;
  /** Who acted; null when nobody is known (a failed sign-in with an unknown email). */
  userId: string | null;
  action: ActivityAction;
  /** The caseId or user id acted on. */
  subject?: string | null;
  /** Changed field paths, `section.field`. */
  fields?: readonly string[];
  /** Fastify's `request.ip` (honours TRUST_PROXY). */
  clientAddress?: string | null;
  /** For a failed sign-in of no known user: the keyed hash of auth/emailHash.ts, never the email. */
  emailHash?: string | null;
}

/** Answers the new row's id, for a record that belongs to it (a client's attestation, migration 0023). */
export async function recordActivity(db: Kysely<Database>, record: ActivityRecord): Promise<string> {
  const now = Date.now();
  const id = activityId(now);
  await db
    .insertInto('activity')
    .values({
      id,
      at: new Date(now).toISOString(),
      firm_id: record.firmId,
      user_id: record.userId,
      action: record.action,
      subject: record.subject ?? null,
      fields: JSON.stringify(record.fields ?? []),
      client_address: record.clientAddress ?? null,
      email_hash: record.emailHash ?? null,
    })
    .execute();
  return id;
}
