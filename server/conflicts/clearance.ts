// Whether an intake's conflict check lets the firm take the case (docs/product/conflicts.md): its
// latest decision is 'cleared' or 'waived' and was made on the result the check gives now. A
// change to a party that changes the result (here or on another intake) asks for a new decision.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { checkIntake } from './check';
import { latestDecision } from './decisions';

export async function engagementAllowed(db: Kysely<Database>, firmId: string, caseId: string): Promise<boolean> {
  const intake = await db
    .selectFrom('intakes')
    .select('sections')
    .where('case_id', '=', caseId)
    .where('firm_id', '=', firmId)
    .executeTakeFirst();
  if (!intake) return false;
  const decision = await latestDecision(db, firmId, caseId);
  if (!decision || (decision.decision !== 'cleared' && decision.decision !== 'waived')) return false;
  const check = await checkIntake(db, firmId, caseId, intake.sections);
  return check.fingerprint === decision.fingerprint;
}
