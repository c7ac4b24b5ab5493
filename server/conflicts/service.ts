// The conflict check of an intake and the decisions on it (docs/product/conflicts.md). Every
// query names the caller's firm (docs/architecture.md, Tenancy): another firm's intake is as
// absent as a missing one. Looking at the check is recorded, as it names other clients.
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../src/domain/session';
import { recordActivity } from '../activity/recordActivity';
import type { Database } from '../db/database';
import { ApiError } from '../http/errors';
import { intakeNotFound } from '../intakes/service';
import { checkIntake, type CheckResult, type Conflict } from './check';
import { insertDecision, latestDecision, type DecisionRow } from './decisions';

/** The longest note a decision keeps (openapi.yaml, ConflictDecisionRequest). */
export const DECISION_NOTE_LIMIT = 1000;

export type CheckStatus = 'pending' | 'cleared' | 'waived';

export interface Decision {
  decision: 'cleared' | 'waived';
  note: string;
  decidedBy: string;
  decidedAt: string;
  /** Whether it was made on the result the check gives now; a stale one asks for a new decision. */
  current: boolean;
}

export interface ConflictCheck {
  status: CheckStatus;
  checkedAt: string;
  conflicts: Conflict[];
  /** The latest decision, current or not; null before the first. */
  decision: Decision | null;
}

function answer(check: CheckResult, row: DecisionRow | undefined): ConflictCheck {
  const current = row !== undefined && row.fingerprint === check.fingerprint;
  return {
    status: current ? row.decision : 'pending',
    checkedAt: check.checkedAt,
    conflicts: check.conflicts,
    decision: row ? { decision: row.decision, note: row.note, decidedBy: row.decided_by_name, decidedAt: row.decided_at, current } : null,
  };
}

function fullName(caller: SessionUser): string {
  return [caller.firstName, caller.middleName, caller.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export interface ConflictsServiceOptions {
  db: Kysely<Database>;
}

export function createConflictsService({ db }: ConflictsServiceOptions) {
  async function sectionsOf(caller: SessionUser, caseId: string): Promise<string> {
    const row = await db
      .selectFrom('intakes')
      .select('sections')
      .where('case_id', '=', caseId)
      .where('firm_id', '=', caller.firmId)
      .executeTakeFirst();
    if (!row) throw intakeNotFound();
    return row.sections;
  }

  return {
    async check(caller: SessionUser, caseId: string, clientAddress: string): Promise<ConflictCheck> {
      const sections = await sectionsOf(caller, caseId);
      const [check, decision] = await Promise.all([
        checkIntake(db, caller.firmId, caseId, sections),
        latestDecision(db, caller.firmId, caseId),
      ]);
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'conflicts.viewed', subject: caseId, clientAddress });
      return answer(check, decision);
    },

    /** Owner or administrator (the route): recorded on the result the check gives now. */
    async decide(
      caller: SessionUser,
      caseId: string,
      body: { decision: 'cleared' | 'waived'; note: string },
      clientAddress: string,
    ): Promise<ConflictCheck> {
      const note = body.note.trim();
      if (note === '') throw new ApiError(400, 'validation_failed', 'A decision needs a note', { note: 'Please write a note' });
      const sections = await sectionsOf(caller, caseId);
      const check = await checkIntake(db, caller.firmId, caseId, sections);
      const row = await db.transaction().execute(async (trx) => {
        const stored = await insertDecision(trx, {
          firmId: caller.firmId,
          caseId,
          decision: body.decision,
          note,
          fingerprint: check.fingerprint,
          decidedBy: caller.id,
          decidedByName: fullName(caller),
        });
        await recordActivity(trx, {
          firmId: caller.firmId,
          userId: caller.id,
          action: body.decision === 'cleared' ? 'conflicts.cleared' : 'conflicts.waived',
          subject: caseId,
          clientAddress,
        });
        return stored;
      });
      return answer(check, row);
    },
  };
}

export type ConflictsService = ReturnType<typeof createConflictsService>;
