// The conflict check's party keys and matching rules (docs/product/conflicts.md#how-parties-match).
import { describe, expect, it } from 'vitest';
import { crashOf, matchingKeys, partiesOf, partyNameKey, sameCrash, sectionsReader, type PartyKeys } from '../../src/domain/conflicts';
import { emptyIntake } from '../../src/domain/intake';
import { withFields } from './intake/fixtures';

const party = (keys: Partial<PartyKeys>): PartyKeys => ({
  role: 'client',
  nameKey: 'marisol ortiz quintanilla',
  birthDate: '',
  phone: '',
  ...keys,
});

describe('partyNameKey', () => {
  it('ignores case, accents, hyphens, punctuation, initials and word order', () => {
    expect(partyNameKey('Marisol', 'Quintanilla-Ortiz')).toBe('marisol ortiz quintanilla');
    expect(partyNameKey('QUINTANILLA ORTIZ, Marísol R.')).toBe('marisol ortiz quintanilla');
    expect(partyNameKey("Seán O'Brien")).toBe('obrien sean');
    expect(partyNameKey('', '  ')).toBe('');
  });

  it('keeps people with the same surname apart', () => {
    expect(partyNameKey('Rafael Quintanilla-Ortiz')).not.toBe(partyNameKey('Marisol', 'Quintanilla-Ortiz'));
  });
});

describe('matchingKeys', () => {
  it('matches on the name alone when no birth date or phone is on both sides', () => {
    expect(matchingKeys(party({}), party({ phone: '5550104411' }))).toEqual(['name']);
  });

  it('needs a key both sides have to agree, one of them when both have both', () => {
    expect(matchingKeys(party({ phone: '5550104411' }), party({ phone: '5550104411' }))).toEqual(['name', 'phone']);
    expect(matchingKeys(party({ phone: '5550104411' }), party({ phone: '5550109999' }))).toBeUndefined();
    expect(
      matchingKeys(party({ phone: '5550104411', birthDate: '1985-02-11' }), party({ phone: '5550109999', birthDate: '1985-02-11' })),
    ).toEqual(['name', 'birthDate']);
    expect(matchingKeys(party({ birthDate: '1985-02-11' }), party({ birthDate: '1986-02-11' }))).toBeUndefined();
    expect(matchingKeys(party({}), party({ nameKey: 'ortiz rafael' }))).toBeUndefined();
  });
});

describe('parties and crash of an intake', () => {
  it('reads every role from the catalogue fields, leaving out nameless ones', () => {
    const intake = withFields(emptyIntake(), {
      'personalInformation.firstName': 'Bastien',
      'personalInformation.lastName': 'Okonkwo-Reyes',
      'personalInformation.birthDate': '1990-01-02',
      'personalInformation.phoneNumber': '+1 (555) 010-2020',
      'personalInformation.minorParentsName': 'Adaeze Okonkwo',
      'defendantInformation.driversName': 'Hollis Vandermeer',
      'defendantInformation.phoneNumber': '555-010-3030',
      'incidentDescription.incidentDate': '2025-03-02',
      'incidentDescription.crashReportNum': 'CR-77 81',
      'incidentDescription.city': 'Lakemont',
      'incidentDescription.crashLocation': 'Route 9 & Elm',
    });
    const read = sectionsReader(intake);
    expect(partiesOf(read)).toEqual([
      { role: 'client', nameKey: 'bastien okonkwo reyes', birthDate: '1990-01-02', phone: '5550102020' },
      { role: 'minorParent', nameKey: 'adaeze okonkwo', birthDate: '', phone: '' },
      { role: 'defendantDriver', nameKey: 'hollis vandermeer', birthDate: '', phone: '5550103030' },
    ]);
    const crash = crashOf(read);
    expect(crash).toEqual({ incidentDate: '2025-03-02', crashReport: 'cr7781', city: 'lakemont', crashLocation: 'route9elm' });
    expect(sameCrash(crash, { ...crash, city: 'elsewhere' })).toBe('crashReport');
    expect(sameCrash(crash, { ...crash, crashReport: '' })).toBe('place');
    expect(sameCrash(crash, { ...crash, incidentDate: '2025-03-03' })).toBeUndefined();
  });
});
