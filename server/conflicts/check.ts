// The conflict check of one intake (docs/product/conflicts.md): its parties against every other
// party of the firm, through the parties table's name index (migration 0026). Computed on every
// read, so a change to any party, here or on another intake, shows at once; its fingerprint says
// whether a recorded decision was made on the same result.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  crashOf,
  intakePartyFields,
  isDefendantRole,
  matchingKeys,
  partiesOf,
  partyRoleLabels,
  sameCrash,
  sectionsReader,
  type CrashKeys,
  type PartyKeys,
  type PartyRole,
} from '../../src/domain/conflicts';
import type { Database } from '../db/database';
import type { PartiesTable } from './tables';

export type ConflictKind = 'formerClient' | 'clientIsDefendant' | 'sameCrash';

export interface Conflict {
  kind: ConflictKind;
  /** This intake's party. */
  party: { name: string; role: PartyRole };
  /** The other intake (caseId) or lead (leadId). */
  other: {
    caseId: string | null;
    leadId: string | null;
    clientName: string;
    role: PartyRole;
    /** The intake's status, or 'lead'. */
    status: 'draft' | 'final' | 'lead';
    /** When the other intake or lead was created (ISO). */
    date: string;
  };
  reason: string;
}

export interface CheckResult {
  conflicts: Conflict[];
  checkedAt: string;
  /** SHA-256 of what the conflicts are (kinds, roles, other records), not of names or statuses. */
  fingerprint: string;
}

/** Adverse to the client, and, within one crash, the vehicle the client rode in. */
const crossRoles: PartyRole[] = ['defendantDriver', 'defendantVehicleOwner', 'clientVehicleOwner'];

/** A party the check may match, with the intake or lead that names it. */
type Candidate = Pick<
  PartiesTable,
  | 'case_id'
  | 'lead_id'
  | 'role'
  | 'name_key'
  | 'birth_date'
  | 'phone_key'
  | 'incident_date'
  | 'crash_report_key'
  | 'city_key'
  | 'crash_location_key'
> & {
  intake_client_name: string | null;
  intake_status: 'draft' | 'final' | null;
  intake_created_at: string | null;
  lead_first_name: string | null;
  lead_middle_name: string | null;
  lead_last_name: string | null;
  lead_created_at: string | null;
};

/**
 * Every party of the firm in one of `roles` who may be `party` (matchingKeys): same name key, and
 * no birth date or phone both have that disagrees unless another both have agrees. The key test
 * runs in SQL on the name index's own columns (migration 0026), so a common name costs an index
 * range, not a row per namesake. This intake's own parties and leads that became intakes are left out.
 */
async function candidates(db: Kysely<Database>, firmId: string, caseId: string, party: PartyKeys, roles: PartyRole[]) {
  return (await db
    .selectFrom('parties as p')
    .leftJoin('intakes as i', (join) => join.onRef('i.case_id', '=', 'p.case_id').on('i.firm_id', '=', firmId))
    .leftJoin('leads as l', (join) => join.onRef('l.id', '=', 'p.lead_id').on('l.firm_id', '=', firmId))
    .select([
      'p.case_id',
      'p.lead_id',
      'p.role',
      'p.name_key',
      'p.birth_date',
      'p.phone_key',
      'p.incident_date',
      'p.crash_report_key',
      'p.city_key',
      'p.crash_location_key',
      'i.client_name as intake_client_name',
      'i.status as intake_status',
      'i.created_at as intake_created_at',
      'l.first_name as lead_first_name',
      'l.middle_name as lead_middle_name',
      'l.last_name as lead_last_name',
      'l.created_at as lead_created_at',
    ])
    .where('p.firm_id', '=', firmId)
    .where('p.name_key', '=', party.nameKey)
    .where('p.role', 'in', roles)
    .where((eb) => {
      const shared = [...(party.phone ? [eb('p.phone_key', '<>', '')] : []), ...(party.birthDate ? [eb('p.birth_date', '<>', '')] : [])];
      const agreed = [
        ...(party.phone ? [eb('p.phone_key', '=', party.phone)] : []),
        ...(party.birthDate ? [eb('p.birth_date', '=', party.birthDate)] : []),
      ];
      return shared.length === 0 ? eb.val(true) : eb.or([eb.not(eb.or(shared)), ...agreed]);
    })
    .where((eb) =>
      eb.or([
        eb.and([eb('p.case_id', 'is not', null), eb('p.case_id', '<>', caseId), eb('i.case_id', 'is not', null)]),
        eb.and([eb('p.lead_id', 'is not', null), eb('l.id', 'is not', null), eb('l.intake_id', 'is', null)]),
      ]),
    )
    .execute()) as Candidate[];
}

function keysOf(row: Candidate): PartyKeys {
  return { role: row.role as PartyRole, nameKey: row.name_key, birthDate: row.birth_date, phone: row.phone_key };
}

function crashOfRow(row: Candidate): CrashKeys {
  return { incidentDate: row.incident_date, crashReport: row.crash_report_key, city: row.city_key, crashLocation: row.crash_location_key };
}

function otherOf(row: Candidate): Conflict['other'] {
  if (row.case_id) {
    return {
      caseId: row.case_id,
      leadId: null,
      clientName: row.intake_client_name ?? '',
      role: row.role as PartyRole,
      status: row.intake_status ?? 'draft',
      date: row.intake_created_at ?? '',
    };
  }
  return {
    caseId: null,
    leadId: row.lead_id,
    clientName: [row.lead_first_name, row.lead_middle_name, row.lead_last_name].filter(Boolean).join(' '),
    role: 'client',
    status: 'lead',
    date: row.lead_created_at ?? '',
  };
}

function keysSentence(keys: ('name' | 'birthDate' | 'phone')[]): string {
  const words = { name: 'name', birthDate: 'birth date', phone: 'phone' };
  const named = keys.map((key) => words[key]);
  return named.length === 1 ? `Same ${named[0]}` : `Same ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

function reasonOf(kind: ConflictKind, ours: PartyRole, other: Conflict['other'], keys: ('name' | 'birthDate' | 'phone')[], crash?: string) {
  const where = other.caseId ? 'another intake' : 'a lead';
  const matched = keysSentence(keys);
  switch (kind) {
    case 'formerClient':
      return `${matched}: this intake's ${partyRoleLabels[ours].toLowerCase()} is the client of ${where}.`;
    case 'clientIsDefendant':
      return `${matched}: this intake's client is the ${partyRoleLabels[other.role].toLowerCase()} of ${where}.`;
    case 'sameCrash': {
      const how = crash === 'crashReport' ? 'same incident date and crash report number' : 'same incident date, city and crash location';
      const pair =
        ours === 'client'
          ? `this intake's client is the ${partyRoleLabels[other.role].toLowerCase()} there`
          : `the client there is this intake's ${partyRoleLabels[ours].toLowerCase()}`;
      return `Both clients of the firm in one crash (${how}): ${pair}. ${matched}.`;
    }
  }
}

function displayName(read: ReturnType<typeof sectionsReader>, role: PartyRole): string {
  return intakePartyFields[role].name
    .map((path) => read(path))
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim())
    .join(' ');
}

export function fingerprintOf(conflicts: readonly Conflict[]): string {
  const lines = conflicts.map((c) => [c.kind, c.party.role, c.other.caseId ?? `lead:${c.other.leadId}`, c.other.role].join('|')).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The check of an intake from its stored sections (JSON). */
export async function checkIntake(
  db: Kysely<Database>,
  firmId: string,
  caseId: string,
  sectionsJson: string,
  now = new Date(),
): Promise<CheckResult> {
  const read = sectionsReader(JSON.parse(sectionsJson) as object);
  const parties = partiesOf(read);
  const crash = crashOf(read);
  const client = parties.find((party) => party.role === 'client');
  const crossing = parties.filter((party) => crossRoles.includes(party.role));

  const conflicts: Conflict[] = [];
  const add = (ours: PartyKeys, row: Candidate, direction: 'ourCrossing' | 'ourClient') => {
    const keys = matchingKeys(ours, keysOf(row));
    if (!keys) return;
    const crashMatch = row.case_id ? sameCrash(crash, crashOfRow(row)) : undefined;
    const crossingRole = direction === 'ourCrossing' ? ours.role : (row.role as PartyRole);
    let kind: ConflictKind;
    if (crashMatch) kind = 'sameCrash';
    else if (!isDefendantRole(crossingRole)) return;
    else kind = direction === 'ourCrossing' ? 'formerClient' : 'clientIsDefendant';
    const other = otherOf(row);
    conflicts.push({
      kind,
      party: { name: displayName(read, ours.role), role: ours.role },
      other,
      reason: reasonOf(kind, ours.role, other, keys, crashMatch),
    });
  };
  // One query per party (SQLite runs them one after another on its one connection anyway).
  for (const ours of crossing) for (const row of await candidates(db, firmId, caseId, ours, ['client'])) add(ours, row, 'ourCrossing');
  if (client) for (const row of await candidates(db, firmId, caseId, client, crossRoles)) add(client, row, 'ourClient');

  conflicts.sort((a, b) => b.other.date.localeCompare(a.other.date) || a.party.role.localeCompare(b.party.role));
  return { conflicts, checkedAt: now.toISOString(), fingerprint: fingerprintOf(conflicts) };
}
