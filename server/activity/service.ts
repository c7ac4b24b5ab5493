// The activity trail as the API answers it (openapi.yaml, ActivityEntry; docs/product/activity.md):
// the firm's trail for owner and administrator, one intake's history for whoever may open it.
import type { Kysely } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';
import type { SessionUser } from '../../src/domain/session';
import type { Database } from '../db/database';
import type { PageQuery, Schemas } from '../http/contractTypes';
import { clientAttestationsOf, type ClientAttestationRow } from '../clientIntake/repository';
import { findIntake } from '../intakes/repository';
import { intakeNotFound } from '../intakes/service';
import type { ActivityAction } from './actions';
import { activityOfSubject, listActivity, type ActivityRowWithName } from './repository';

export type ActivityEntry = Schemas['ActivityEntry'];
export type ActivityQuery = PageQuery<'listActivity'>;

function parseFields(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function toActivityEntry(row: ActivityRowWithName): ActivityEntry {
  const name = [row.first_name, row.middle_name, row.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    // The name as it is now; null when the row names nobody or the user no longer exists.
    userName: name || null,
    action: row.action as ActivityAction,
    subject: row.subject,
    subjectClientName: row.client_name,
    subjectIntakeStatus: (row.intake_status as IntakeStatus | null) ?? null,
    fields: parseFields(row.fields),
    clientAddress: row.client_address,
  };
}

/** The client's signature beside their submit's row (migration 0023). */
function withAttestation(entry: ActivityEntry, row: ClientAttestationRow | undefined): ActivityEntry {
  if (!row) return entry;
  return {
    ...entry,
    attestation: {
      fullName: row.full_name,
      consentedAt: row.consented_at,
      clientAddress: row.client_address,
      userAgent: row.user_agent,
    },
  };
}

/** The stored form of an instant the contract let through (any offset): ISO, milliseconds, Z. */
function instant(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString();
}

export function createActivityService({ db }: { db: Kysely<Database> }) {
  return {
    /** The caller's firm only (docs/architecture.md, Tenancy). */
    async list(caller: SessionUser, query: ActivityQuery): Promise<{ record: ActivityEntry[]; totalRecords: number }> {
      const { rows, total } = await listActivity(
        db,
        {
          firmId: caller.firmId,
          userId: query.userId,
          action: query.action,
          caseId: query.caseId,
          from: instant(query.from),
          to: instant(query.to),
        },
        { limit: query.pageSize, offset: query.offSetValue },
      );
      return { record: rows.map(toActivityEntry), totalRecords: total };
    },

    /** Another firm's intake, or none, is not found (docs/architecture.md, Tenancy). */
    async intakeHistory(caller: SessionUser, caseId: string): Promise<ActivityEntry[]> {
      if (!(await findIntake(db, caller.firmId, caseId))) throw intakeNotFound();
      const [rows, attestations] = await Promise.all([
        activityOfSubject(db, caller.firmId, caseId),
        clientAttestationsOf(db, caller.firmId, caseId),
      ]);
      const byActivity = new Map(attestations.map((row) => [row.activity_id, row]));
      return rows.map((row) => withAttestation(toActivityEntry(row), byActivity.get(row.id)));
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
