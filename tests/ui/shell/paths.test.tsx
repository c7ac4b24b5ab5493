// The intake addresses every link and navigation uses (docs/product/intake-form.md).
import { describe, expect, it } from 'vitest';
import { intakeFormPath, intakePath } from '../../../src/ui/app/paths';

describe('intake addresses', () => {
  it('open a draft for editing and any other intake read-only', () => {
    expect(intakePath({ caseId: 'case-7', status: 'draft' })).toBe('/intake-details/edit/case-7');
    expect(intakePath({ caseId: 'case-7', status: 'final' })).toBe('/intake-details/view/case-7');
  });

  it('keep a case ID with unusual characters one path segment', () => {
    expect(intakeFormPath('create', 'a/b c')).toBe('/intake-details/create/a%2Fb%20c');
  });
});
