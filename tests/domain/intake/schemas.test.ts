import { describe, expect, it } from 'vitest';
import {
  emptyIntake,
  errorsByTab,
  textFields,
  textLimit,
  validateDraft,
  validateFinal,
  type FieldErrors,
  type FieldPath,
  type FieldValue,
  type GeneralCaseInformation,
} from '../../../src/domain/intake';
import { fullValidIntake, TODAY, withField, withFields } from './fixtures';

function finalErrors(intake: GeneralCaseInformation): FieldErrors {
  const result = validateFinal(intake, TODAY);
  return result.ok ? {} : result.errors;
}

/** The errors of the valid fixture with one field changed. */
function errorsWith<P extends FieldPath>(path: P, value: FieldValue<P>): FieldErrors {
  return finalErrors(withField(fullValidIntake(), path, value));
}

type RequiredCase = [path: FieldPath, empty: unknown, message: string];

describe('the fixture', () => {
  it('passes final submit', () => {
    expect(validateFinal(fullValidIntake(), TODAY)).toEqual({ ok: true });
  });
});

describe('draft save (docs/product/intake-form.md)', () => {
  it('a blank intake fails on first and last name only, with the spec texts', () => {
    const result = validateDraft(emptyIntake());
    expect(result).toEqual({
      ok: false,
      firstFailingTab: expect.objectContaining({ name: 'Client Personal Information' }),
      errors: {
        'personalInformation.firstName': 'Please enter your First Name',
        'personalInformation.lastName': 'Please enter your Last Name',
      },
    });
  });

  it('first and last name are enough; other tabs are not checked', () => {
    const intake = withFields(emptyIntake(), { 'personalInformation.firstName': 'Alex', 'personalInformation.lastName': 'Sample' });
    expect(validateDraft(intake)).toEqual({ ok: true });
  });

  it('a name of spaces only is missing', () => {
    const intake = withFields(emptyIntake(), { 'personalInformation.firstName': '   ', 'personalInformation.lastName': 'Sample' });
    expect(validateDraft(intake)).toMatchObject({ ok: false, errors: { 'personalInformation.firstName': 'Please enter your First Name' } });
  });

  it('a text beyond its limit fails a draft too', () => {
    const intake = withFields(emptyIntake(), {
      'personalInformation.firstName': 'Alex',
      'personalInformation.lastName': 'Sample',
      'incidentDescription.defendantReason': 'x'.repeat(26),
    });
    expect(validateDraft(intake)).toMatchObject({
      ok: false,
      firstFailingTab: { name: 'Incident Description' },
      errors: { 'incidentDescription.defendantReason': 'Please use at most 25 characters' },
    });
  });
});

describe('final submit: tab order (docs/product/intake-form.md)', () => {
  it('reports the first failing tab in order, even when a later tab is incomplete too', () => {
    const intake = withFields(fullValidIntake(), { 'vehicleInformation.vin': '', 'injuryInformation.hospital': '' });
    const result = validateFinal(intake, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.firstFailingTab.name).toBe('Client Vehicle Information');
    expect(result.firstFailingTab.name).toBe('Client Vehicle Information');
    expect(result.errors).toEqual({
      'vehicleInformation.vin': 'Please provide the VIN',
      'injuryInformation.hospital': 'Please provide the hospital',
    });
  });

  it('a blank intake fails on the first tab, Client Personal Information', () => {
    const result = validateFinal(emptyIntake(), TODAY);
    expect(result.ok === false && result.firstFailingTab.name).toBe('Client Personal Information');
  });

  it('Points of Injury and To Discuss with Client are never validated', () => {
    const blank = emptyIntake();
    const nothingTicked = { ...fullValidIntake(), pointsOfInjury: blank.pointsOfInjury, checklist: blank.checklist };
    expect(validateFinal(nothingTicked, TODAY)).toEqual({ ok: true });

    const result = validateFinal(blank, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byTab = errorsByTab(result.errors);
    expect(byTab.points).toEqual({});
    expect(byTab.discuss).toEqual({});
    for (const tab of ['personal', 'vehicle', 'defendant', 'injury', 'incident'] as const) {
      expect(Object.keys(byTab[tab]).length).toBeGreaterThan(0);
    }
  });

  it('errorsByTab puts each error under the tab showing its field', () => {
    expect(
      errorsByTab({
        'personalInformation.languages': 'Please select at least one language',
        'incidentDescription.fault': 'Please describe the incident(s), including who was found at fault',
      }),
    ).toEqual({
      personal: { 'personalInformation.languages': 'Please select at least one language' },
      vehicle: {},
      defendant: {},
      points: {},
      injury: {},
      incident: { 'incidentDescription.fault': 'Please describe the incident(s), including who was found at fault' },
      discuss: {},
    });
  });
});

describe('Personal tab (docs/product/intake-form.md)', () => {
  const required: RequiredCase[] = [
    ['personalInformation.firstName', '', 'Please enter your First Name'],
    ['personalInformation.lastName', '', 'Please enter your Last Name'],
    ['personalInformation.languages', [], 'Please select at least one language'],
    ['personalInformation.phoneNumber', '', 'Please provide your phone number'],
    ['personalInformation.phoneUsages', [], 'Please select how to use the phone number'],
    ['personalInformation.address', '', 'Please provide your address'],
    ['personalInformation.email', '', 'Please provide your email'],
    ['personalInformation.dl', '', 'Please provide your DL number'],
    ['personalInformation.gender', null, 'Please select your gender'],
    ['personalInformation.civilStatus', null, 'Please select your civil status'],
    ['personalInformation.birthDate', '', 'Please provide your birth date'],
    ['personalInformation.seatingPosition', '', 'Please provide your seating position'],
    ['personalInformation.status', null, 'Please select your SSN status'],
    ['personalInformation.existingClient', null, 'Please answer "Existing client for other incident?"'],
    ['personalInformation.passengers', null, 'Please answer "Passengers?"'],
  ];

  it.each(required)('%s is required', (path, empty, message) => {
    const result = validateFinal(withField(fullValidIntake(), path, empty as never), TODAY);
    expect(result).toEqual({ ok: false, firstFailingTab: expect.objectContaining({ id: 'personal' }), errors: { [path]: message } });
  });

  it('middleName is optional', () => {
    expect(errorsWith('personalInformation.middleName', '')).toEqual({});
  });

  it("email must match a simple address pattern ('Please enter a valid email')", () => {
    for (const email of ['alex', 'alex@example', 'alex @example.com', '@example.com']) {
      expect(errorsWith('personalInformation.email', email)).toEqual({ 'personalInformation.email': 'Please enter a valid email' });
    }
  });

  it('minorParentsName is required when the birth date makes the client under 18', () => {
    const minor = withField(fullValidIntake(), 'personalInformation.birthDate', '2010-01-01');
    expect(finalErrors(minor)).toEqual({ 'personalInformation.minorParentsName': "Please provide the minor's parent's name" });
    expect(finalErrors(withField(minor, 'personalInformation.minorParentsName', 'Sam Sample'))).toEqual({});
  });

  it('relationshipToClient is required when alternateContact is given', () => {
    expect(errorsWith('personalInformation.relationshipToClient', '')).toEqual({
      'personalInformation.relationshipToClient': 'Please provide the relationship to the client',
    });
    const noContact = withFields(fullValidIntake(), {
      'personalInformation.alternateContact': '',
      'personalInformation.relationshipToClient': '',
      'personalInformation.altPhoneNumber': '',
    });
    expect(finalErrors(noContact)).toEqual({});
  });

  it('ssnItin is required when status is hasSsn', () => {
    expect(errorsWith('personalInformation.ssnItin', '')).toEqual({ 'personalInformation.ssnItin': 'Please provide your SSN/ITIN' });
  });

  it("ssnItin must look like 123-45-6789 ('Please enter a valid SSN in the format XXX-XX-XXXX')", () => {
    for (const ssn of ['900-00-000', '900000001', '900-000-001']) {
      expect(errorsWith('personalInformation.ssnItin', ssn)).toEqual({
        'personalInformation.ssnItin': 'Please enter a valid SSN in the format XXX-XX-XXXX',
      });
    }
  });

  it.each(['noSsn', 'pending', 'needToGet'] as const)('ssnItin is not required when status is %s', (status) => {
    const intake = withFields(fullValidIntake(), { 'personalInformation.status': status, 'personalInformation.ssnItin': '' });
    expect(finalErrors(intake)).toEqual({});
  });

  it('passengerCount is required when passengers is Yes', () => {
    expect(errorsWith('personalInformation.passengerCount', '')).toEqual({
      'personalInformation.passengerCount': 'Please provide how many passengers',
    });
    const none = withFields(fullValidIntake(), { 'personalInformation.passengers': false, 'personalInformation.passengerCount': '' });
    expect(finalErrors(none)).toEqual({});
  });

  it('birthDate cannot be later than today', () => {
    expect(errorsWith('personalInformation.birthDate', '2024-06-16')).toMatchObject({
      'personalInformation.birthDate': 'Birth date cannot be in the future',
    });
    expect(errorsWith('personalInformation.birthDate', TODAY)).toMatchObject({
      'personalInformation.minorParentsName': "Please provide the minor's parent's name",
    });
    expect(errorsWith('personalInformation.birthDate', TODAY)['personalInformation.birthDate']).toBeUndefined();
  });

  it('birthDate must be a calendar date', () => {
    expect(errorsWith('personalInformation.birthDate', '1990-02-30')).toEqual({
      'personalInformation.birthDate': 'Please enter a valid date',
    });
  });

  it('today defaults to the current date', () => {
    expect(validateFinal(withField(fullValidIntake(), 'personalInformation.birthDate', '2999-01-01')).ok).toBe(false);
    expect(validateFinal(fullValidIntake()).ok).toBe(true);
  });
});

describe('Vehicle tab (docs/product/intake-form.md)', () => {
  const required: RequiredCase[] = [
    ['vehicleInformation.information', '', 'Please provide the vehicle information'],
    ['vehicleInformation.owner', '', 'Please provide the owner'],
    ['vehicleInformation.financeCompany', '', 'Please provide the finance company'],
    ['vehicleInformation.vin', '', 'Please provide the VIN'],
    ['vehicleInformation.licensePlate', '', 'Please provide the license plate'],
    ['vehicleInformation.pds', '', 'Please provide the PD estimate'],
    ['vehicleInformation.repairFacility', '', 'Please provide the repair facility'],
    ['vehicleInformation.insuredBy', '', 'Please provide who the vehicle is insured by'],
    ['vehicleInformation.policyNo', '', 'Please provide the policy number'],
    ['vehicleInformation.claimNo', '', 'Please provide the claim number'],
    ['vehicleInformation.phoneNumber', '', "Please provide the repair facility's phone number"],
    ['vehicleInformation.clientHasPhotos', null, 'Please answer "Client has photos"'],
    ['vehicleInformation.drivable', null, 'Please answer "Drivable?"'],
    ['vehicleInformation.lienHolder', null, 'Please answer "Lien Holder?"'],
    ['vehicleInformation.tl', null, 'Please answer "TL"'],
    ['vehicleInformation.towed', null, 'Please answer "Towed"'],
  ];

  it.each(required)('%s is required', (path, empty, message) => {
    const result = validateFinal(withField(fullValidIntake(), path, empty as never), TODAY);
    expect(result).toEqual({ ok: false, firstFailingTab: expect.objectContaining({ id: 'vehicle' }), errors: { [path]: message } });
  });

  it('location is required if towed is Yes', () => {
    expect(errorsWith('vehicleInformation.location', '')).toEqual({ 'vehicleInformation.location': 'Please provide the vehicle location' });
    const notTowed = withFields(fullValidIntake(), { 'vehicleInformation.towed': false, 'vehicleInformation.location': '' });
    expect(finalErrors(notTowed)).toEqual({});
  });
});

describe.each(['vehicleInformation', 'defendantInformation'] as const)(
  'adjuster pairing in %s (docs/product/intake-form.md)',
  (section) => {
    const blankAdjusters = {
      [`${section}.pdAdjuster`]: '',
      [`${section}.phone1`]: '',
      [`${section}.fax1`]: '',
      [`${section}.biAdjuster`]: '',
      [`${section}.phone2`]: '',
      [`${section}.fax2`]: '',
    };
    const noAdjusters = withFields(fullValidIntake(), blankAdjusters);

    it('phones and faxes are optional when no adjuster is named', () => {
      expect(finalErrors(noAdjusters)).toEqual({});
    });

    it.each([
      ['pdAdjuster', 'phone1', 'fax1', 'PD'],
      ['biAdjuster', 'phone2', 'fax2', 'BI'],
    ] as const)('a named %s needs its phone and fax', (adjuster, phone, fax, kind) => {
      const intake = withFields(noAdjusters, { [`${section}.${adjuster}`]: 'Casey Adjuster' });
      expect(finalErrors(intake)).toEqual({
        [`${section}.${phone}`]: `Please provide the ${kind} adjuster's phone number`,
        [`${section}.${fax}`]: `Please provide the ${kind} adjuster's fax number`,
      });
    });

    it.each([
      ['phone1', 'pdAdjuster', 'PD'],
      ['fax1', 'pdAdjuster', 'PD'],
      ['phone2', 'biAdjuster', 'BI'],
      ['fax2', 'biAdjuster', 'BI'],
    ] as const)('a given %s needs the %s', (given, adjuster, kind) => {
      const errors = finalErrors(withFields(noAdjusters, { [`${section}.${given}`]: '(555) 010-0999' }));
      expect(errors[`${section}.${adjuster}`]).toBe(`Please provide the ${kind} adjuster`);
    });
  },
);

describe('Defendant tab (docs/product/intake-form.md)', () => {
  const required: RequiredCase[] = [
    ['defendantInformation.driversName', '', "Please provide the driver's name"],
    ['defendantInformation.owner', '', 'Please provide the owner'],
    ['defendantInformation.phoneNumber', '', 'Please provide the phone number'],
    ['defendantInformation.address', '', 'Please provide the address'],
    ['defendantInformation.information', '', 'Please provide the vehicle information'],
    ['defendantInformation.vin', '', 'Please provide the VIN'],
    ['defendantInformation.licensePlate', '', 'Please provide the license plate'],
    ['defendantInformation.insuredBy', '', 'Please provide who the vehicle is insured by'],
    ['defendantInformation.policyNo', '', 'Please provide the policy number'],
    ['defendantInformation.claimNo', '', 'Please provide the claim number'],
    ['defendantInformation.clientHasPhotos', null, 'Please answer "Client has photos"'],
    ['defendantInformation.drivable', null, 'Please answer "Drivable"'],
  ];

  it.each(required)('%s is required', (path, empty, message) => {
    const result = validateFinal(withField(fullValidIntake(), path, empty as never), TODAY);
    expect(result).toEqual({ ok: false, firstFailingTab: expect.objectContaining({ id: 'defendant' }), errors: { [path]: message } });
  });
});

describe('Injury tab (docs/product/intake-form.md)', () => {
  const required: RequiredCase[] = [
    ['injuryInformation.hospital', '', 'Please provide the hospital'],
    ['injuryInformation.painStart', '', 'Please provide when the pain started'],
    ['injuryInformation.painAndSymptomsExp', '', 'Please describe all pain/symptoms experienced'],
    ['injuryInformation.dailyLifeWorkEffect', '', 'Please describe how the injuries affect daily life/work'],
    ['injuryInformation.doctor', '', 'Please provide the doctor'],
    ['injuryInformation.doctorPhone', '', "Please provide the doctor's phone number"],
    ['injuryInformation.doctorFax', '', "Please provide the doctor's fax number"],
    ['injuryInformation.chiropractor', '', 'Please provide the chiropractor'],
    ['injuryInformation.chiropractorPhone', '', "Please provide the chiropractor's phone number"],
    ['injuryInformation.chiropractorFax', '', "Please provide the chiropractor's fax number"],
    ['injuryInformation.specialist', '', 'Please provide the specialist'],
    ['injuryInformation.specialistPhone', '', "Please provide the specialist's phone number"],
    ['injuryInformation.specialistFax', '', "Please provide the specialist's fax number"],
    ['injuryInformation.doctorSpecialistName', '', 'Please provide the doctor/specialist name'],
    ['injuryInformation.dates', '', 'Please provide the date(s)'],
    ['injuryInformation.ems', null, 'Please answer "EMS?"'],
    ['injuryInformation.ara', null, 'Please answer "ARA?"'],
    ['injuryInformation.photos', null, 'Please answer "Photos of injury/injuries?"'],
    ['injuryInformation.hospitalized', null, 'Please answer "Hospitalized?"'],
    ['injuryInformation.priorInjuries', null, 'Please answer "Prior injuries?"'],
    ['injuryInformation.treatmentReceived', null, 'Please answer "Treatment received for prior injuries?"'],
    ['injuryInformation.healthInsurance', null, 'Please answer "Health Insurance"'],
  ];

  it.each(required)('%s is required', (path, empty, message) => {
    const result = validateFinal(withField(fullValidIntake(), path, empty as never), TODAY);
    expect(result).toEqual({ ok: false, firstFailingTab: expect.objectContaining({ id: 'injury' }), errors: { [path]: message } });
  });

  it('receivingTreatment needs no answer', () => {
    expect(errorsWith('injuryInformation.receivingTreatment', null)).toEqual({});
  });

  const conditional: [FieldPath, FieldPath, string][] = [
    ['injuryInformation.hospitalDate', 'injuryInformation.hospitalized', 'Please provide the hospital date'],
    ['injuryInformation.description', 'injuryInformation.priorInjuries', 'Please describe the prior injuries'],
    ['injuryInformation.facilityTreated', 'injuryInformation.treatmentReceived', 'Please provide the facility where treated'],
    ['injuryInformation.provider', 'injuryInformation.healthInsurance', 'Please provide the health insurance provider'],
    ['injuryInformation.insIdNumber', 'injuryInformation.healthInsurance', 'Please provide the insurance ID number'],
  ];

  it.each(conditional)('%s is required if %s is Yes', (path, answer, message) => {
    expect(errorsWith(path, '' as never)).toEqual({ [path]: message });
    expect(finalErrors(withFields(fullValidIntake(), { [answer]: false, [path]: '' }))).toEqual({});
  });

  it('hospitalDate must be a calendar date', () => {
    expect(errorsWith('injuryInformation.hospitalDate', '2024-13-01')).toEqual({
      'injuryInformation.hospitalDate': 'Please enter a valid date',
    });
  });
});

describe('Incident tab (docs/product/intake-form.md)', () => {
  const required: RequiredCase[] = [
    ['incidentDescription.crashReportNum', '', 'Please provide the crash report number'],
    ['incidentDescription.city', '', 'Please provide the city'],
    ['incidentDescription.county', '', 'Please provide the county'],
    ['incidentDescription.crashLocation', '', 'Please provide the crash location'],
    ['incidentDescription.description', '', 'Please describe the incident'],
    ['incidentDescription.police', null, 'Please answer "Police"'],
    ['incidentDescription.clientCited', null, 'Please answer "Client cited?"'],
    ['incidentDescription.defendant', null, 'Please answer "Defendant?"'],
    ['incidentDescription.multiVehicle', null, 'Please answer "Multi-vehicle incident?"'],
    ['incidentDescription.priorIncidents', null, 'Please answer "Prior incidents?"'],
    ['incidentDescription.witnesses', null, 'Please answer "Witnesses?"'],
    ['incidentDescription.photoOrEvidence', null, 'Please answer "Photo or other evidence?"'],
  ];

  it.each(required)('%s is required', (path, empty, message) => {
    const result = validateFinal(withField(fullValidIntake(), path, empty as never), TODAY);
    expect(result).toEqual({ ok: false, firstFailingTab: expect.objectContaining({ id: 'incident' }), errors: { [path]: message } });
  });

  const conditional: [FieldPath, FieldPath, string][] = [
    ['incidentDescription.clientCitedReason', 'incidentDescription.clientCited', 'Please provide the reason the client was cited'],
    ['incidentDescription.defendantReason', 'incidentDescription.defendant', 'Please provide the reason for the defendant'],
    ['incidentDescription.howManyVehicles', 'incidentDescription.multiVehicle', 'Please provide how many vehicles'],
    [
      'incidentDescription.fault',
      'incidentDescription.priorIncidents',
      'Please describe the incident(s), including who was found at fault',
    ],
    [
      'incidentDescription.witnessNamesAndContacts',
      'incidentDescription.witnesses',
      'Please provide the names and contact information of the witnesses',
    ],
    [
      'incidentDescription.photoOrEvidenceDescription',
      'incidentDescription.photoOrEvidence',
      'Please describe the photo or other evidence',
    ],
  ];

  it.each(conditional)('%s is required if %s is Yes', (path, answer, message) => {
    expect(errorsWith(path, '' as never)).toEqual({ [path]: message });
    expect(finalErrors(withFields(fullValidIntake(), { [answer]: false, [path]: '' }))).toEqual({});
  });

  it('howManyVehicles is at least 1', () => {
    expect(errorsWith('incidentDescription.howManyVehicles', 0)).toEqual({
      'incidentDescription.howManyVehicles': 'Please provide how many vehicles',
    });
  });
});

describe('text limits (docs/product/intake-form.md)', () => {
  it.each(textFields.map(([path]) => path))('%s beyond its limit is an error', (path) => {
    const limit = textLimit(path);
    expect(errorsWith(path, 'x'.repeat(limit + 1))[path]).toBe(`Please use at most ${limit} characters`);
  });

  it.each(['personalInformation.passengerCount', 'incidentDescription.howManyVehicles'] as const)(
    '%s above 100 is an error on final submit; a draft keeps it up to what the API stores',
    (path) => {
      expect(errorsWith(path, 101)).toEqual({ [path]: 'Please enter a number no greater than 100' });
      expect(errorsWith(path, 100)).toEqual({});
      const draftWith = (count: number) =>
        withFields(emptyIntake(), {
          'personalInformation.firstName': 'Alex',
          'personalInformation.lastName': 'Sample',
          [path]: count,
        });
      expect(validateDraft(draftWith(150))).toEqual({ ok: true });
      expect(validateDraft(draftWith(2 ** 31))).toMatchObject({
        ok: false,
        errors: { [path]: 'Please enter a number no greater than 2147483647' },
      });
    },
  );
});
