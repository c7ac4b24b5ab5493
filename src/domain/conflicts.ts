// The conflict check's parties (docs/product/conflicts.md): who on an intake or a lead is a party,
// in which role, and the keys parties are matched by. The fields come from the intake field
// catalogue (src/domain/intake/fields.ts); the names are normalised as leads are
// (src/domain/leadMatching.ts), then their words sorted, so that order does not matter either.
import { toCalendarIso } from './dates';
import { type IntakeFieldId } from './intake/fields';
import { normaliseName, phoneMatchKey } from './leadMatching';

export const partyRoles = [
  'client',
  'alternateContact',
  'minorParent',
  'clientVehicleOwner',
  'defendantDriver',
  'defendantVehicleOwner',
] as const;
export type PartyRole = (typeof partyRoles)[number];

export const partyRoleLabels: Record<PartyRole, string> = {
  client: 'Client',
  alternateContact: 'Alternate contact',
  minorParent: "Minor's parent",
  clientVehicleOwner: 'Client vehicle owner',
  defendantDriver: 'Defendant driver',
  defendantVehicleOwner: 'Defendant vehicle owner',
};

/** The roles adverse to the client: whom the client may sue. */
export const defendantRoles = ['defendantDriver', 'defendantVehicleOwner'] as const satisfies readonly PartyRole[];

export function isDefendantRole(role: string): role is (typeof defendantRoles)[number] {
  return (defendantRoles as readonly string[]).includes(role);
}

/** Which fields of the catalogue name each party, and which give their birth date and phone. */
export interface PartyFields {
  /** One or more name fields, joined with spaces; the client's middle name is left out as leads do. */
  name: readonly IntakeFieldId[];
  birthDate?: IntakeFieldId;
  phone?: IntakeFieldId;
}

export const intakePartyFields: Record<PartyRole, PartyFields> = {
  client: {
    name: ['personalInformation.firstName', 'personalInformation.lastName'],
    birthDate: 'personalInformation.birthDate',
    phone: 'personalInformation.phoneNumber',
  },
  alternateContact: { name: ['personalInformation.alternateContact'], phone: 'personalInformation.altPhoneNumber' },
  minorParent: { name: ['personalInformation.minorParentsName'] },
  clientVehicleOwner: { name: ['vehicleInformation.owner'] },
  defendantDriver: { name: ['defendantInformation.driversName'], phone: 'defendantInformation.phoneNumber' },
  defendantVehicleOwner: { name: ['defendantInformation.owner'] },
};

/** The crash an intake is about: the fields two intakes of one crash share. */
export const crashFields = {
  incidentDate: 'incidentDescription.incidentDate',
  crashReport: 'incidentDescription.crashReportNum',
  city: 'incidentDescription.city',
  crashLocation: 'incidentDescription.crashLocation',
} as const satisfies Record<string, IntakeFieldId>;

/**
 * A person's name as the check compares it: normalised like a lead's (no case, no accents,
 * hyphens as spaces), punctuation dropped, one-letter words (initials) left out, the words
 * sorted: 'Quintanilla-Ortiz, Marisol R.' = 'marisol ortiz quintanilla'. '' for no name.
 */
export function partyNameKey(...parts: (string | null | undefined)[]): string {
  const words = normaliseName(parts.filter(Boolean).join(' '))
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .split(' ')
    .filter((word) => word.length > 1);
  return words.sort().join(' ');
}

/** A place or report number as compared: normalised like a name, punctuation and spaces dropped. */
export function placeKey(value: string | null | undefined): string {
  return normaliseName(value).replace(/[^\p{L}\p{N}]/gu, '');
}

export interface PartyKeys {
  role: PartyRole;
  nameKey: string;
  /** 'YYYY-MM-DD' or ''. */
  birthDate: string;
  /** phoneMatchKey digits or ''. */
  phone: string;
}

export interface CrashKeys {
  incidentDate: string;
  crashReport: string;
  city: string;
  crashLocation: string;
}

type FieldReader = (path: IntakeFieldId) => unknown;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The parties an intake names (those with a name), read through `read` (a path to its value). */
export function partiesOf(read: FieldReader): PartyKeys[] {
  const parties: PartyKeys[] = [];
  for (const role of partyRoles) {
    const fields = intakePartyFields[role];
    const nameKey = partyNameKey(...fields.name.map((path) => text(read(path))));
    if (!nameKey) continue;
    parties.push({
      role,
      nameKey,
      birthDate: fields.birthDate ? (toCalendarIso(text(read(fields.birthDate))) ?? '') : '',
      phone: fields.phone ? phoneMatchKey(text(read(fields.phone))) : '',
    });
  }
  return parties;
}

export function crashOf(read: FieldReader): CrashKeys {
  return {
    incidentDate: toCalendarIso(text(read(crashFields.incidentDate))) ?? '',
    crashReport: placeKey(text(read(crashFields.crashReport))),
    city: placeKey(text(read(crashFields.city))),
    crashLocation: placeKey(text(read(crashFields.crashLocation))),
  };
}

/** Reads a dotted path ('section.field') of an intake's sections. */
export function sectionsReader(sections: object): FieldReader {
  return (path) => {
    const [section, field] = path.split('.') as [string, string];
    const part = (sections as Record<string, Record<string, unknown> | undefined>)[section];
    return part?.[field];
  };
}

/**
 * Whether two parties of the same name are the same person: a birth date or a phone both have
 * must agree (one of them, when both have both); with neither on both sides, the name decides.
 * Answers the keys that agreed ([] when only the name did), or undefined for no match.
 */
export function matchingKeys(a: PartyKeys, b: PartyKeys): ('name' | 'birthDate' | 'phone')[] | undefined {
  if (!a.nameKey || a.nameKey !== b.nameKey) return undefined;
  const shared: ('birthDate' | 'phone')[] = [];
  const agreed: ('birthDate' | 'phone')[] = [];
  for (const key of ['birthDate', 'phone'] as const) {
    if (!a[key] || !b[key]) continue;
    shared.push(key);
    if (a[key] === b[key]) agreed.push(key);
  }
  if (shared.length > 0 && agreed.length === 0) return undefined;
  return ['name', ...agreed];
}

/** Two crashes are one: same date and report number, or same date, city and crash location. */
export function sameCrash(a: CrashKeys, b: CrashKeys): 'crashReport' | 'place' | undefined {
  if (!a.incidentDate || a.incidentDate !== b.incidentDate) return undefined;
  if (a.crashReport && a.crashReport === b.crashReport) return 'crashReport';
  if (a.city && a.crashLocation && a.city === b.city && a.crashLocation === b.crashLocation) return 'place';
  return undefined;
}
