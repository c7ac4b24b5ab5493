// The intake form (src/domain/intake) and the contract must agree: what the form sends is a request
// body the server accepts (its type is the contract's own: ApiGeneralCaseInformation is the
// generated GeneralCaseInformationInput). The limits: fieldCatalogue.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake } from '../../src/domain/intake/empty';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../../src/domain/constants';
import { LIMITATION_YEARS_MAX, LIMITATION_YEARS_MIN } from '../../src/domain/limitation';
import { stripIds, toApiIntake } from '../../src/domain/intake/normalise';
import type { GeneralCaseInformation } from '../../src/domain/intake/types';
import { loadDocument, property } from './openapiDocument';
import { type Validators, compileRequestSchemas, verdictOf } from './requestValidators';

const doc = loadDocument();
let validators: Validators;

beforeAll(async () => {
  validators = await compileRequestSchemas();
});

function namedDraft(): GeneralCaseInformation {
  const intake = emptyIntake();
  intake.personalInformation.firstName = 'Ada';
  intake.personalInformation.lastName = 'Testperson';
  return intake;
}

describe('intake form and contract', () => {
  it('a new draft, as the form sends it, is accepted by POST /v1/intake', () => {
    const body = { userId: 'u-1', generalCaseInformation: toApiIntake(namedDraft()) };
    expect(verdictOf(validators, 'POST /v1/intake body', body)).toEqual([]);
  });

  it('a filled draft with dates and counts, saved again, is accepted by PATCH /v1/intake/{caseId}', () => {
    const intake = namedDraft();
    Object.assign(intake, {
      caseId: 'case-1',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
      representativeName: 'Rep Person',
    });
    Object.assign(intake.personalInformation, {
      birthDate: '1990-04-01',
      passengers: true,
      passengerCount: 2,
      languages: ['spanish'],
      phoneUsages: ['call', 'text'],
    });
    Object.assign(intake.injuryInformation, { hospitalized: true, hospitalDate: '2025-01-01' });
    Object.assign(intake.incidentDescription, { multiVehicle: true, howManyVehicles: 3 });
    const body = { userId: 'u-1', generalCaseInformation: stripIds(toApiIntake(intake)) };
    expect(verdictOf(validators, 'PATCH /v1/intake/{caseId} body', body)).toEqual([]);
  });
});

describe('firm form and contract', () => {
  const firmInput = doc.components.schemas.FirmUpdateRequest!;
  it.each([
    ['firmName', FIRM_NAME_MAX_LENGTH],
    ['firmContact', FIRM_CONTACT_MAX_LENGTH],
    ['firmAddress', FIRM_ADDRESS_MAX_LENGTH],
  ] as const)('%s: the form limit %i is the contract maxLength', (field, limit) => {
    expect(property(doc, firmInput, field).maxLength).toBe(limit);
  });

  it('the limitation period has the same bounds in the form and the contract', () => {
    const years = doc.components.schemas.LimitationYears!;
    expect([years.minimum, years.maximum]).toEqual([LIMITATION_YEARS_MIN, LIMITATION_YEARS_MAX]);
  });
});
