// SSN/ITIN on the intake form as the server sends it: masked, 'Show' to reveal, typing replaces
// it, and an untouched mask stays in the intake as it came (docs/product/intake-form.md#ssnitin-masked).
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revealIntakeSsn } from '../../../src/api/intakes';
import type { GeneralCaseInformation } from '../../../src/domain/intake/types';
import { PersonalTab } from '../../../src/ui/pages/intake/tabs/PersonalTab';
import { intakeWith, renderWithIntake } from './intakeTestStore';

vi.mock('../../../src/api/intakes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/intakes')>()),
  revealIntakeSsn: vi.fn(),
}));

const revealMock = vi.mocked(revealIntakeSsn);
const ssnBox = () => screen.getByRole('textbox', { name: /^SSN\/ITIN/ });

function storedIntake(ssnItin: string, caseId: string | null = 'case-0042'): GeneralCaseInformation {
  const base = intakeWith({ 'personalInformation.status': 'hasSsn' });
  return { ...base, caseId, personalInformation: { ...base.personalInformation, ssnItin } };
}

beforeEach(() => revealMock.mockReset());

describe('SSN/ITIN masked on the intake form', { timeout: 15_000 }, () => {
  it("shows the mask, and 'Show' reveals the number in full without changing the intake", async () => {
    revealMock.mockResolvedValue({ ssnItin: '123-45-6789' });
    const { user, intake } = renderWithIntake(<PersonalTab />, { intake: storedIntake('***-**-6789') });
    expect(ssnBox()).toHaveValue('***-**-6789');

    await user.click(screen.getByRole('button', { name: 'Show SSN/ITIN' }));

    await waitFor(() => expect(ssnBox()).toHaveValue('123-45-6789'));
    expect(revealMock).toHaveBeenCalledWith('case-0042', 'show');
    // Saving now sends the mask back: the server keeps the stored number.
    expect(intake().personalInformation.ssnItin).toBe('***-**-6789');

    await user.click(screen.getByRole('button', { name: 'Hide SSN/ITIN' }));
    expect(ssnBox()).toHaveValue('***-**-6789');
  });

  it('typing over the mask starts a new number, formatted 3-2-4', async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />, { intake: storedIntake('***-**-6789') });

    await user.type(ssnBox(), '98765');

    expect(ssnBox()).toHaveValue('987-65');
    expect(intake().personalInformation.ssnItin).toBe('987-65');
    expect(screen.queryByRole('button', { name: 'Show SSN/ITIN' })).not.toBeInTheDocument();
    expect(revealMock).not.toHaveBeenCalled();
  });

  it('editing the revealed number changes it like any typed value', async () => {
    revealMock.mockResolvedValue({ ssnItin: '123-45-6789' });
    const { user, intake } = renderWithIntake(<PersonalTab />, { intake: storedIntake('***-**-6789') });
    await user.click(screen.getByRole('button', { name: 'Show SSN/ITIN' }));
    await waitFor(() => expect(ssnBox()).toHaveValue('123-45-6789'));

    await user.type(ssnBox(), '{Backspace}0');

    expect(intake().personalInformation.ssnItin).toBe('123-45-6780');
  });

  it('offers no Show for a number typed in full, or an intake never saved', () => {
    renderWithIntake(<PersonalTab />, { intake: storedIntake('***-**-6789', null) });
    expect(screen.queryByRole('button', { name: 'Show SSN/ITIN' })).not.toBeInTheDocument();
  });
});
