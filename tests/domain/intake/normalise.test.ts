import { describe, expect, it } from 'vitest';
import { emptyIntake, fromApiIntake, stripIds, toApiIntake, withoutSsnDigits, type LooseApiIntake } from '../../../src/domain/intake';
import { fullValidIntake, withFields } from './fixtures';

describe('normalisation on save (docs/product/intake-form.md)', () => {
  it.each(['n/a', 'N/A', 'N/a', ' n/A '])("a middle name equal to 'n/a' in any case (%j) is sent empty", (middleName) => {
    const api = toApiIntake(withFields(fullValidIntake(), { 'personalInformation.middleName': middleName }));
    expect(api.personalInformation.middleName).toBe('');
  });

  it('any other middle name is sent as typed', () => {
    const api = toApiIntake(withFields(fullValidIntake(), { 'personalInformation.middleName': 'Nadia' }));
    expect(api.personalInformation.middleName).toBe('Nadia');
  });

  it('passengerCount and howManyVehicles become integers, defaulting to 0', () => {
    const empty = toApiIntake(emptyIntake());
    expect(empty.personalInformation.passengerCount).toBe(0);
    expect(empty.incidentDescription.howManyVehicles).toBe(0);

    const typed = toApiIntake(
      withFields(fullValidIntake(), { 'personalInformation.passengerCount': 2.7, 'incidentDescription.howManyVehicles': 3 }),
    );
    expect(typed.personalInformation.passengerCount).toBe(2);
    expect(typed.incidentDescription.howManyVehicles).toBe(3);
  });

  it('dates travel as ISO timestamps, and as null when empty (docs/product/intake-form.md)', () => {
    const api = toApiIntake(fullValidIntake());
    expect(api.personalInformation.birthDate).toBe('1990-03-05T00:00:00.000Z');
    expect(api.injuryInformation.hospitalDate).toBe('2024-05-02T00:00:00.000Z');
    const blank = toApiIntake(emptyIntake());
    expect(blank.personalInformation.birthDate).toBeNull();
    expect(blank.injuryInformation.hospitalDate).toBeNull();
  });

  it("an unparseable form date fails with 'Invalid date' (docs/product/intake-form.md)", () => {
    expect(() => toApiIntake(withFields(emptyIntake(), { 'personalInformation.birthDate': '05/03/1990' }))).toThrow(
      new Error('Invalid date'),
    );
  });

  it('does not change the form intake', () => {
    const intake = withFields(fullValidIntake(), { 'personalInformation.middleName': 'N/A' });
    const snapshot = structuredClone(intake);
    toApiIntake(intake);
    expect(intake).toEqual(snapshot);
  });
});

describe('loading for editing (docs/product/intake-form.md)', () => {
  it('round trip: form -> API -> form gives the same intake', () => {
    const intake = fullValidIntake();
    expect(fromApiIntake(toApiIntake(intake))).toEqual(intake);
  });

  it('ISO timestamps come back as YYYY-MM-DD', () => {
    const api = toApiIntake(fullValidIntake());
    const loaded = fromApiIntake({
      ...api,
      personalInformation: { ...api.personalInformation, birthDate: '1990-03-05T00:00:00.000Z' },
      injuryInformation: { ...api.injuryInformation, hospitalDate: '2024-05-02T15:30:00.000Z' },
    });
    expect(loaded.personalInformation.birthDate).toBe('1990-03-05');
    expect(loaded.injuryInformation.hospitalDate).toBe('2024-05-02');
  });

  it("an unparseable ISO date fails with 'Invalid ISO date string' (docs/product/intake-form.md)", () => {
    const api = toApiIntake(fullValidIntake());
    expect(() => fromApiIntake({ ...api, personalInformation: { ...api.personalInformation, birthDate: 'yesterday' } })).toThrow(
      new Error('Invalid ISO date string'),
    );
  });

  it('a count whose answer is not Yes loads empty; missing and null fields load blank', () => {
    const api: LooseApiIntake = {
      caseId: 'case-1',
      status: 'draft',
      personalInformation: { firstName: 'Alex', lastName: null, passengers: false, passengerCount: 0, birthDate: null },
      incidentDescription: { multiVehicle: true, howManyVehicles: 2 },
    };
    const loaded = fromApiIntake(api);
    const blank = emptyIntake();
    expect(loaded).toEqual({
      ...blank,
      caseId: 'case-1',
      personalInformation: { ...blank.personalInformation, firstName: 'Alex', passengers: false },
      incidentDescription: { ...blank.incidentDescription, multiVehicle: true, howManyVehicles: 2 },
    });
  });

  it('a choice or a date sent as an empty text loads unanswered', () => {
    const api: LooseApiIntake = {
      personalInformation: { firstName: 'Alex', gender: '', civilStatus: '', status: '', birthDate: '' },
      injuryInformation: { hospitalDate: '' },
    };
    const loaded = fromApiIntake(api);
    expect(loaded.personalInformation).toMatchObject({ gender: null, civilStatus: null, status: null, birthDate: '' });
    expect(loaded.injuryInformation.hospitalDate).toBe('');
    expect(toApiIntake(loaded).personalInformation).toMatchObject({ gender: null, birthDate: null });
  });

  it('ids and unknown fields are not carried into the form', () => {
    const api = { ...toApiIntake(fullValidIntake()), id: 7 } as LooseApiIntake & { id: number };
    const withIds = {
      ...api,
      personalInformation: { ...api.personalInformation, id: 11, generalCaseInformationId: 7, nickname: 'Al' },
    } as LooseApiIntake;
    const loaded = fromApiIntake(withIds) as unknown as Record<string, Record<string, unknown>>;
    expect(loaded).not.toHaveProperty('id');
    expect(loaded.personalInformation).not.toHaveProperty('id');
    expect(loaded.personalInformation).not.toHaveProperty('generalCaseInformationId');
    expect(loaded.personalInformation).not.toHaveProperty('nickname');
  });
});

describe('on update (docs/product/intake-form.md)', () => {
  it('removes every field named id or generalCaseInformationId at any depth, without changing the input', () => {
    const body = {
      userId: 'user-1',
      generalCaseInformation: {
        id: 1,
        caseId: 'case-1',
        personalInformation: { id: 2, generalCaseInformationId: 1, firstName: 'Alex', languages: ['english'] },
        injuryInformation: { id: 3, painAndSymptoms: { id: 4, headaches: true } },
        attachments: [{ id: 5, generalCaseInformationId: 1, name: 'photo' }, null],
      },
    };
    const snapshot = structuredClone(body);

    expect(stripIds(body)).toEqual({
      userId: 'user-1',
      generalCaseInformation: {
        caseId: 'case-1',
        personalInformation: { firstName: 'Alex', languages: ['english'] },
        injuryInformation: { painAndSymptoms: { headaches: true } },
        attachments: [{ name: 'photo' }, null],
      },
    });
    expect(body).toEqual(snapshot);
  });
});

describe('unsaved copies (sessionStorage)', () => {
  it('withoutSsnDigits blanks ssnItin and keeps everything else', () => {
    const intake = fullValidIntake();
    const copy = withoutSsnDigits(intake);
    expect(copy.personalInformation.ssnItin).toBe('');
    expect(JSON.stringify(copy)).not.toContain('900-00-0001');
    expect({ ...copy, personalInformation: { ...copy.personalInformation, ssnItin: intake.personalInformation.ssnItin } }).toEqual(intake);
    expect(intake.personalInformation.ssnItin).toBe('900-00-0001');
  });
});
