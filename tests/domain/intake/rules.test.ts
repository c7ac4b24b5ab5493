import { describe, expect, it } from 'vitest';
import {
  applyChange,
  applyGroup,
  bodyPoints,
  bothPhoneUsagesTicked,
  checklistItems,
  discussionTopics,
  emptyIntake,
  groupAllTicked,
  impactPoints,
  isDisabled,
  isMinor,
  setBothPhoneUsages,
  setGroup,
  symptomPoints,
  type FieldPath,
} from '../../../src/domain/intake';
import { fullValidIntake, TODAY, withField, withFields } from './fixtures';

function read(intake: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], intake);
}

describe('dependent-field clearing when a Yes/No answer becomes No (docs/product/intake-form.md)', () => {
  const cases: [string, FieldPath, FieldPath[]][] = [
    ['hospitalized No clears hospitalDate', 'injuryInformation.hospitalized', ['injuryInformation.hospitalDate']],
    ['priorInjuries No clears description', 'injuryInformation.priorInjuries', ['injuryInformation.description']],
    ['treatmentReceived No clears facilityTreated', 'injuryInformation.treatmentReceived', ['injuryInformation.facilityTreated']],
    [
      'healthInsurance No clears provider and insIdNumber',
      'injuryInformation.healthInsurance',
      ['injuryInformation.provider', 'injuryInformation.insIdNumber'],
    ],
    ['clientCited No clears clientCitedReason', 'incidentDescription.clientCited', ['incidentDescription.clientCitedReason']],
    ['defendant No clears defendantReason', 'incidentDescription.defendant', ['incidentDescription.defendantReason']],
    ['multiVehicle No clears howManyVehicles', 'incidentDescription.multiVehicle', ['incidentDescription.howManyVehicles']],
    ['priorIncidents No clears fault', 'incidentDescription.priorIncidents', ['incidentDescription.fault']],
    ['witnesses No clears witnessNamesAndContacts', 'incidentDescription.witnesses', ['incidentDescription.witnessNamesAndContacts']],
    [
      'photoOrEvidence No clears photoOrEvidenceDescription',
      'incidentDescription.photoOrEvidence',
      ['incidentDescription.photoOrEvidenceDescription'],
    ],
    ['passengers No clears passengerCount', 'personalInformation.passengers', ['personalInformation.passengerCount']],
    ['towed No clears location', 'vehicleInformation.towed', ['vehicleInformation.location']],
  ];

  it.each(cases)('%s', (_rule, answer, dependents) => {
    const before = fullValidIntake();
    for (const dependent of dependents) expect(read(before, dependent)).not.toBe('');

    const after = applyChange(before, answer as 'injuryInformation.hospitalized', false);

    expect(read(after, answer)).toBe(false);
    for (const dependent of dependents) expect(read(after, dependent)).toBe('');
  });

  it.each(cases)('answering Yes keeps the dependents (%s)', (_rule, answer, dependents) => {
    const before = fullValidIntake();
    const after = applyChange(before, answer as 'injuryInformation.hospitalized', true);
    for (const dependent of dependents) expect(read(after, dependent)).toEqual(read(before, dependent));
  });

  it.each(['noSsn', 'pending', 'needToGet'] as const)('status %s clears ssnItin', (status) => {
    const after = applyChange(fullValidIntake(), 'personalInformation.status', status);
    expect(after.personalInformation.status).toBe(status);
    expect(after.personalInformation.ssnItin).toBe('');
  });

  it('status hasSsn keeps ssnItin', () => {
    const before = withField(fullValidIntake(), 'personalInformation.status', 'pending');
    const after = applyChange(
      { ...before, personalInformation: { ...before.personalInformation, ssnItin: '900-00-0001' } },
      'personalInformation.status',
      'hasSsn',
    );
    expect(after.personalInformation.ssnItin).toBe('900-00-0001');
  });

  it('emptying alternateContact clears relationshipToClient and altPhoneNumber', () => {
    const after = applyChange(fullValidIntake(), 'personalInformation.alternateContact', '');
    expect(after.personalInformation).toMatchObject({ alternateContact: '', relationshipToClient: '', altPhoneNumber: '' });
  });

  it('editing alternateContact without emptying it keeps the relationship and number', () => {
    const after = applyChange(fullValidIntake(), 'personalInformation.alternateContact', 'Jordan S.');
    expect(after.personalInformation).toMatchObject({ relationshipToClient: 'Sibling', altPhoneNumber: '(555) 010-0101' });
  });

  it('does not change the intake it was given', () => {
    const before = fullValidIntake();
    const snapshot = structuredClone(before);
    applyChange(before, 'injuryInformation.healthInsurance', false);
    applyChange(before, 'injuryInformation.painAndSymptoms.headaches', false);
    expect(before).toEqual(snapshot);
  });

  it('sets a tick inside painAndSymptoms', () => {
    const after = applyChange(emptyIntake(), 'injuryInformation.painAndSymptoms.vomitting', true);
    expect(after.injuryInformation.painAndSymptoms).toEqual({ lossOfConciousness: false, headaches: false, vomitting: true });
  });
});

describe('numbers (docs/product/intake-form.md)', () => {
  it('a negative passenger count becomes 0', () => {
    expect(applyChange(fullValidIntake(), 'personalInformation.passengerCount', -3).personalInformation.passengerCount).toBe(0);
  });

  it('howManyVehicles below 1 becomes 1', () => {
    expect(applyChange(fullValidIntake(), 'incidentDescription.howManyVehicles', 0).incidentDescription.howManyVehicles).toBe(1);
    expect(applyChange(fullValidIntake(), 'incidentDescription.howManyVehicles', -2).incidentDescription.howManyVehicles).toBe(1);
  });

  it('counts at or above the minimum are kept, and an emptied input stays empty', () => {
    const intake = fullValidIntake();
    expect(applyChange(intake, 'personalInformation.passengerCount', 0).personalInformation.passengerCount).toBe(0);
    expect(applyChange(intake, 'incidentDescription.howManyVehicles', 4).incidentDescription.howManyVehicles).toBe(4);
    expect(applyChange(intake, 'personalInformation.passengerCount', '').personalInformation.passengerCount).toBe('');
  });
});

describe('input fitting (docs/product/intake-form.md)', () => {
  it('text beyond its limit is cut', () => {
    const after = applyChange(emptyIntake(), 'incidentDescription.clientCitedReason', 'x'.repeat(30));
    expect(after.incidentDescription.clientCitedReason).toBe('x'.repeat(20));
  });

  it('a text area loses its newlines', () => {
    const after = applyChange(emptyIntake(), 'injuryInformation.painAndSymptomsExp', 'neck\nback\r\npain');
    expect(after.injuryInformation.painAndSymptomsExp).toBe('neckbackpain');
  });

  it('SSN/ITIN input is reformatted as 3-2-4 digits, at most 9', () => {
    expect(applyChange(emptyIntake(), 'personalInformation.ssnItin', '9000').personalInformation.ssnItin).toBe('900-0');
    expect(applyChange(emptyIntake(), 'personalInformation.ssnItin', '900 00 00012345').personalInformation.ssnItin).toBe('900-00-0001');
  });
});

describe('disabled fields (docs/product/intake-form.md)', () => {
  it.each([
    ['howManyVehicles', 'incidentDescription.howManyVehicles', 'incidentDescription.multiVehicle'],
    ['fault', 'incidentDescription.fault', 'incidentDescription.priorIncidents'],
    ['passengerCount', 'personalInformation.passengerCount', 'personalInformation.passengers'],
  ] as const)('%s is disabled while its controlling answer is not Yes', (_name, field, answer) => {
    const intake = fullValidIntake();
    expect(isDisabled(withField(intake, answer, null), field)).toBe(true);
    expect(isDisabled(withField(intake, answer, false), field)).toBe(true);
    expect(isDisabled(withField(intake, answer, true), field)).toBe(false);
  });

  it.each(['personalInformation.relationshipToClient', 'personalInformation.altPhoneNumber'] as const)(
    '%s is disabled while alternateContact is empty',
    (field) => {
      const intake = fullValidIntake();
      expect(isDisabled(withField(intake, 'personalInformation.alternateContact', ''), field)).toBe(true);
      expect(isDisabled(withField(intake, 'personalInformation.alternateContact', '   '), field)).toBe(true);
      expect(isDisabled(intake, field)).toBe(false);
    },
  );

  it('other fields are never disabled by a rule', () => {
    const intake = emptyIntake();
    expect(isDisabled(intake, 'incidentDescription.clientCitedReason')).toBe(false);
    expect(isDisabled(intake, 'injuryInformation.hospitalDate')).toBe(false);
  });
});

describe("phone usage 'Both' (docs/product/intake-form.md)", () => {
  it('ticking Both sets call and text', () => {
    const after = setBothPhoneUsages(emptyIntake(), true);
    expect(after.personalInformation.phoneUsages).toEqual(['call', 'text']);
    expect(bothPhoneUsagesTicked(after)).toBe(true);
  });

  it('unticking Both empties the list', () => {
    const after = setBothPhoneUsages(fullValidIntake(), false);
    expect(after.personalInformation.phoneUsages).toEqual([]);
    expect(bothPhoneUsagesTicked(after)).toBe(false);
  });

  it('Both shows ticked only when call and text are both present', () => {
    expect(bothPhoneUsagesTicked(withField(emptyIntake(), 'personalInformation.phoneUsages', ['call']))).toBe(false);
    expect(bothPhoneUsagesTicked(withField(emptyIntake(), 'personalInformation.phoneUsages', ['text', 'call']))).toBe(true);
  });
});

describe('Select All (docs/product/intake-form.md)', () => {
  it('an empty group is never ticked', () => {
    expect(groupAllTicked({}, [])).toBe(false);
  });

  it('shows ticked only when every item of the group is ticked', () => {
    const points = emptyIntake().pointsOfInjury;
    expect(groupAllTicked(points, bodyPoints)).toBe(false);
    const allBody = setGroup(points, bodyPoints, true);
    expect(groupAllTicked(allBody, bodyPoints)).toBe(true);
    expect(groupAllTicked({ ...allBody, upperBack: false }, bodyPoints)).toBe(false);
  });

  it('sets or clears every item of one group and leaves the other groups alone', () => {
    const points = { ...emptyIntake().pointsOfInjury, roof: true };
    const ticked = setGroup(points, symptomPoints, true);
    expect(symptomPoints.every((key) => ticked[key])).toBe(true);
    expect(bodyPoints.some((key) => ticked[key])).toBe(false);
    expect(ticked.roof).toBe(true);
    const cleared = setGroup(ticked, impactPoints, false);
    expect(impactPoints.some((key) => cleared[key])).toBe(false);
    expect(symptomPoints.every((key) => cleared[key])).toBe(true);
  });

  it('works on the intake for the To Discuss groups', () => {
    const after = applyGroup(emptyIntake(), 'checklist', checklistItems, true);
    expect(groupAllTicked(after.checklist, checklistItems)).toBe(true);
    expect(groupAllTicked(after.checklist, discussionTopics)).toBe(false);
  });
});

describe('minor (docs/product/intake-form.md)', () => {
  const born = (birthDate: string) => withFields(emptyIntake(), { 'personalInformation.birthDate': birthDate });

  it('a client under 18 is a minor', () => {
    expect(isMinor(born('2006-06-16'), TODAY)).toBe(true);
  });

  it('a client turning 18 today is not a minor', () => {
    expect(isMinor(born('2006-06-15'), TODAY)).toBe(false);
  });

  it('without a birth date the client is not taken for a minor', () => {
    expect(isMinor(emptyIntake(), TODAY)).toBe(false);
  });
});
