// The parties table (migration 0026; docs/product/conflicts.md): one row per person an intake or a
// lead names, with the keys the conflict check matches on. Rewritten with every write of the
// intake or lead, in the same transaction when the caller holds one. The keys are in clear like
// the leads' own match keys (name_key, phone_digits, birth_date): names, birth dates and phones
// are not sealed values in this design (only the SSN/ITIN is, and it is never a key).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { crashOf, partiesOf, partyNameKey, sectionsReader, type CrashKeys, type PartyKeys } from '../../src/domain/conflicts';
import { toCalendarIso } from '../../src/domain/dates';
import { phoneMatchKey } from '../../src/domain/leadMatching';
import type { Database } from '../db/database';
import type { PartiesTable } from './tables';

type PartyRow = PartiesTable;

function rowOf(owner: { firmId: string; caseId?: string; leadId?: string }, party: PartyKeys, crash: CrashKeys): PartyRow {
  return {
    id: randomUUID(),
    firm_id: owner.firmId,
    case_id: owner.caseId ?? null,
    lead_id: owner.leadId ?? null,
    role: party.role,
    name_key: party.nameKey,
    birth_date: party.birthDate,
    phone_key: party.phone,
    incident_date: crash.incidentDate,
    crash_report_key: crash.crashReport,
    city_key: crash.city,
    crash_location_key: crash.crashLocation,
  };
}

/** The party rows of an intake, from its sections (the API's shape, or as stored). */
export function intakePartyRows(firmId: string, caseId: string, sections: object): PartyRow[] {
  const read = sectionsReader(sections);
  const crash = crashOf(read);
  return partiesOf(read).map((party) => rowOf({ firmId, caseId }, party, crash));
}

export interface LeadPartyColumns {
  id: string;
  firm_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  phone: string;
}

const noCrash: CrashKeys = { incidentDate: '', crashReport: '', city: '', crashLocation: '' };

/** A lead names one party: its client. */
export function leadPartyRows(lead: LeadPartyColumns): PartyRow[] {
  const nameKey = partyNameKey(lead.first_name, lead.last_name);
  if (!nameKey) return [];
  const party: PartyKeys = {
    role: 'client',
    nameKey,
    birthDate: toCalendarIso(lead.birth_date) ?? '',
    phone: phoneMatchKey(lead.phone),
  };
  return [rowOf({ firmId: lead.firm_id, leadId: lead.id }, party, noCrash)];
}

/** Replaces an intake's parties. `db` may be a transaction. */
export async function writeIntakeParties(db: Kysely<Database>, firmId: string, caseId: string, sections: object): Promise<void> {
  await db.deleteFrom('parties').where('case_id', '=', caseId).execute();
  const rows = intakePartyRows(firmId, caseId, sections);
  if (rows.length > 0) await db.insertInto('parties').values(rows).execute();
}

/** Stores a new lead's party. `db` may be a transaction. */
export async function writeLeadParties(db: Kysely<Database>, lead: LeadPartyColumns): Promise<void> {
  await db.deleteFrom('parties').where('lead_id', '=', lead.id).execute();
  const rows = leadPartyRows(lead);
  if (rows.length > 0) await db.insertInto('parties').values(rows).execute();
}
