// All SQL about intakes (DESIGN.md, Intakes): the sections as one JSON text, and beside them the
// columns the intake list filters, sorts and searches, always derived from the sections here so
// the two cannot disagree.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';
import { sectionKeys, type ApiGeneralCaseInformation, type SectionKey } from '../../src/domain/intake';
import type { Database, IntakeRow } from '../db/database';

export type { IntakeRow };

/** The seven sections as the API carries them (ISO dates, integer counts). */
export type IntakeSections = Pick<ApiGeneralCaseInformation, SectionKey>;

export interface NewIntake {
  firmId: string;
  status: IntakeStatus;
  representativeId: string | null;
  representativeName: string | null;
  sections: IntakeSections;
}

/** Only the section keys, in their order: server-owned fields (caseId, status, ...) are columns. */
export function sectionsJson(sections: IntakeSections): string {
  return JSON.stringify(Object.fromEntries(sectionKeys.map((key) => [key, sections[key]])));
}

/** The searchable columns of an intake, from its personal information. */
export function clientColumns({ personalInformation: person }: IntakeSections) {
  return {
    client_first_name: person.firstName.trim(),
    client_last_name: person.lastName.trim(),
    client_name: [person.firstName, person.middleName, person.lastName].map((part) => part.trim()).filter(Boolean).join(' '),
    client_phone: person.phoneNumber.trim(),
    client_email: person.email.trim(),
  };
}

/** Stores a new intake with a fresh caseId (uuid). `db` may be a transaction. */
export async function insertIntake(db: Kysely<Database>, intake: NewIntake, now: Date = new Date()): Promise<IntakeRow> {
  const timestamp = now.toISOString();
  return db
    .insertInto('intakes')
    .values({
      case_id: randomUUID(),
      firm_id: intake.firmId,
      status: intake.status,
      representative_id: intake.representativeId,
      representative_name: intake.representativeName,
      ...clientColumns(intake.sections),
      sections: sectionsJson(intake.sections),
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
