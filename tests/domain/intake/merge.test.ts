// Two people's saves of one intake put together field by field (docs/product/intake-form.md,
// Someone else saved first): what is taken silently, what is kept, what is offered to choose.
import { describe, expect, it } from 'vitest';
import { emptyIntake } from '../../../src/domain/intake/empty';
import { mergeIntakes } from '../../../src/domain/intake/merge';
import type { GeneralCaseInformation } from '../../../src/domain/intake/types';

function version(
  updatedAt: string,
  personal: Partial<GeneralCaseInformation['personalInformation']>,
  extra: Partial<GeneralCaseInformation> = {},
) {
  const blank = emptyIntake();
  return {
    ...blank,
    caseId: 'case-merge',
    status: 'draft' as const,
    updatedAt,
    representativeName: 'Robin Example',
    ...extra,
    personalInformation: { ...blank.personalInformation, firstName: 'Morgan', lastName: 'Testcase', ...personal },
  };
}

const base = version('2024-06-01T09:00:00.000Z', { address: '1 First Street', phoneUsages: ['call'] });

describe('mergeIntakes', () => {
  it('takes their answer where only they changed a field, keeps mine where only I did', () => {
    const mine = { ...base, personalInformation: { ...base.personalInformation, address: '2 My Road' } };
    const theirs = version('2024-06-02T10:30:00.000Z', {
      address: '1 First Street',
      phoneUsages: ['call', 'text'],
      email: 'them@example.test',
    });
    const { intake, conflicts } = mergeIntakes(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(intake.personalInformation).toMatchObject({ address: '2 My Road', phoneUsages: ['call', 'text'], email: 'them@example.test' });
    // The version the next save names is theirs.
    expect(intake.updatedAt).toBe('2024-06-02T10:30:00.000Z');
  });

  it('offers their answer where both changed a field differently, and keeps mine on screen', () => {
    const mine = { ...base, personalInformation: { ...base.personalInformation, lastName: 'Mine', phoneUsages: ['text' as const] } };
    const theirs = version('2024-06-02T10:30:00.000Z', { address: '1 First Street', lastName: 'Theirs', phoneUsages: ['call', 'text'] });
    const { intake, conflicts } = mergeIntakes(base, mine, theirs);
    expect(conflicts).toEqual([
      { path: 'personalInformation.lastName', theirs: 'Theirs' },
      { path: 'personalInformation.phoneUsages', theirs: ['call', 'text'] },
    ]);
    expect(intake.personalInformation).toMatchObject({ lastName: 'Mine', phoneUsages: ['text'] });
  });

  it('sees no conflict where both wrote the same answer', () => {
    const mine = { ...base, personalInformation: { ...base.personalInformation, address: '3 Same Lane' } };
    const theirs = version('2024-06-02T10:30:00.000Z', { address: '3 Same Lane', phoneUsages: ['call'] });
    expect(mergeIntakes(base, mine, theirs).conflicts).toEqual([]);
  });

  it('keeps what the server owns from their version: status, creation, representative', () => {
    const theirs = version(
      '2024-06-02T10:30:00.000Z',
      { address: '1 First Street', phoneUsages: ['call'] },
      { representativeName: 'Sam Other', createdAt: '2024-05-30T08:00:00.000Z' },
    );
    const { intake } = mergeIntakes(base, { ...base, representativeName: 'stale' }, theirs);
    expect(intake).toMatchObject({ representativeName: 'Sam Other', createdAt: '2024-05-30T08:00:00.000Z', caseId: 'case-merge' });
  });

  it('without the version the edits started from, offers every difference: nothing is dropped unseen', () => {
    const mine = { ...base, personalInformation: { ...base.personalInformation, address: '2 My Road' } };
    const theirs = version('2024-06-02T10:30:00.000Z', { address: '1 First Street', phoneUsages: ['call'], email: 'them@example.test' });
    const { intake, conflicts } = mergeIntakes(null, mine, theirs);
    expect(conflicts.map(({ path }) => path)).toEqual(['personalInformation.address', 'personalInformation.email']);
    expect(intake.personalInformation).toMatchObject({ address: '2 My Road', email: '' });
  });
});
