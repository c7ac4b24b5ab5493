// The decisions on intakes' conflict checks (migration 0026): append-only, the latest counts.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { ConflictDecisionsTable } from './tables';

export type DecisionRow = Selectable<ConflictDecisionsTable>;

export async function latestDecision(db: Kysely<Database>, firmId: string, caseId: string): Promise<DecisionRow | undefined> {
  return db
    .selectFrom('conflict_decisions')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('firm_id', '=', firmId)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewDecision {
  firmId: string;
  caseId: string;
  decision: 'cleared' | 'waived';
  note: string;
  fingerprint: string;
  decidedBy: string;
  decidedByName: string;
}

/** `db` may be a transaction. */
export async function insertDecision(db: Kysely<Database>, decision: NewDecision, now = new Date()): Promise<DecisionRow> {
  return db
    .insertInto('conflict_decisions')
    .values({
      id: randomUUID(),
      firm_id: decision.firmId,
      case_id: decision.caseId,
      decision: decision.decision,
      note: decision.note,
      fingerprint: decision.fingerprint,
      decided_by: decision.decidedBy,
      decided_by_name: decision.decidedByName,
      decided_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
