// The draft intake a lead opens (docs/architecture.md, Leads: "a draft intake whose personal information
// comes from the lead"). Starts from the blank form (src/domain/intake/empty.ts) and converts it
// the way the form does before sending (normalise.ts), so the stored sections have exactly the
// shape the intake screens load.
import type { Gender } from '../../src/domain/enums';
import { emptyIntake, textLimit, toApiIntake } from '../../src/domain/intake';
import type { IntakeSections } from '../intakes/repository';
import type { LeadValues } from './repository';

const ADDRESS_LIMIT = textLimit('personalInformation.address');

function joined(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The intake has one address field (docs/product/leads.md, at most 100 characters) where the lead has
 * five: '12 Oak St, Springfield, Greene, IL 62701'. When that is too long the county goes first
 * (city, state and zip find the place without it), and only then is the text cut.
 */
export function intakeAddress(lead: Pick<LeadValues, 'address' | 'city' | 'county' | 'state' | 'zip_code'>): string {
  const stateAndZip = [lead.state.trim(), lead.zip_code.trim()].filter(Boolean).join(' ');
  const full = joined([lead.address, lead.city, lead.county, stateAndZip]);
  if (full.length <= ADDRESS_LIMIT) return full;
  const withoutCounty = joined([lead.address, lead.city, stateAndZip]);
  return withoutCounty.length <= ADDRESS_LIMIT ? withoutCounty : withoutCounty.slice(0, ADDRESS_LIMIT).trimEnd();
}

export function intakeSectionsFromLead(lead: LeadValues): IntakeSections {
  const blank = emptyIntake();
  const intake = toApiIntake({
    ...blank,
    personalInformation: {
      ...blank.personalInformation,
      firstName: lead.first_name,
      middleName: lead.middle_name ?? '',
      lastName: lead.last_name,
      address: intakeAddress(lead),
      phoneNumber: lead.phone,
      email: lead.email ?? '',
      // Leads spell it 'Male'/'Female' (docs/product/leads.md), the intake 'male'/'female'.
      gender: lead.gender.toLowerCase() as Gender,
      birthDate: lead.birth_date,
    },
  });
  // Only the sections: caseId, status, dates and representative are the intake row's own columns.
  const {
    caseId: _caseId,
    status: _status,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    representativeName: _representative,
    ...sections
  } = intake;
  return sections;
}
