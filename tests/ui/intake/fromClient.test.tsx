// 'From client' in the staff form (docs/product/client-intake.md#staff-review) on the points of
// injury, the 'Check all that apply' boxes and a date: marked while the field holds the client's
// answer, gone once staff change it; where staff had another value, the client's is shown beside it
// in the form's own words, to choose.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { ClientAnswersContext, type ClientAnswerMap } from '../../../src/ui/pages/intake/clientLink/FromClientMark';
import { InjuryTab } from '../../../src/ui/pages/intake/tabs/InjuryTab';
import { PersonalTab } from '../../../src/ui/pages/intake/tabs/PersonalTab';
import { PointsOfInjuryTab } from '../../../src/ui/pages/intake/tabs/PointsOfInjuryTab';
import { intakeWith, renderWithIntake } from './intakeTestStore';

function withAnswers(answers: Record<string, { value: unknown; applied: boolean }>, ui: ReactElement): ReactElement {
  const map: ClientAnswerMap = answers;
  return <ClientAnswersContext.Provider value={map}>{ui}</ClientAnswersContext.Provider>;
}

const group = (name: string) => screen.getByRole('group', { name });
/** The box of `label` with whatever is shown under it. */
const itemOf = (groupName: string, label: string) => within(group(groupName)).getByRole('checkbox', { name: label }).closest('span')!;

describe("the client's answers in the staff form", { timeout: 15_000 }, () => {
  it('marks each point of injury the client ticked, until staff untick it', async () => {
    const { user } = renderWithIntake(
      withAnswers(
        { 'pointsOfInjury.leftNeck': { value: true, applied: true }, 'pointsOfInjury.headache': { value: true, applied: true } },
        <PointsOfInjuryTab />,
      ),
      { intake: intakeWith({ 'pointsOfInjury.leftNeck': true, 'pointsOfInjury.headache': true }) },
    );
    expect(within(itemOf('Body Points', 'Left Neck')).getByText('From client')).toBeTruthy();
    expect(within(itemOf('Symptoms', 'Headache')).getByText('From client')).toBeTruthy();
    // The box keeps its own name: the mark is beside it, not inside its label.
    expect(within(group('Body Points')).getByRole('checkbox', { name: 'Left Neck' })).toBeTruthy();
    expect(screen.getAllByText('From client')).toHaveLength(2);

    await user.click(within(group('Body Points')).getByRole('checkbox', { name: 'Left Neck' }));
    expect(within(itemOf('Body Points', 'Left Neck')).queryByText('From client')).toBeNull();
    expect(screen.getAllByText('From client')).toHaveLength(1);
    // Ticked again, it holds the client's answer again.
    await user.click(within(group('Body Points')).getByRole('checkbox', { name: 'Left Neck' }));
    expect(screen.getAllByText('From client')).toHaveLength(2);
  });

  it("shows the client's different 'Check all that apply' boxes by their labels, and takes them on request", async () => {
    const { user, intake } = renderWithIntake(
      withAnswers(
        { 'injuryInformation.painAndSymptoms': { value: { lossOfConciousness: true, headaches: false, vomitting: true }, applied: false } },
        <InjuryTab />,
      ),
      { intake: intakeWith({ 'injuryInformation.painAndSymptoms.headaches': true }) },
    );
    // Staff's tick stands.
    expect(within(group('Check all that apply')).getByRole('checkbox', { name: 'Headaches' })).toHaveProperty('checked', true);
    expect(screen.getByText('Client answered: Loss of Conciousness, Vomitting')).toBeTruthy();
    expect(screen.queryByText('From client')).toBeNull();

    await user.click(screen.getByRole('button', { name: "Use client's answer" }));
    expect(intake().injuryInformation.painAndSymptoms).toEqual({ lossOfConciousness: true, headaches: false, vomitting: true });
    expect(screen.getByText('From client')).toBeTruthy();
    expect(screen.queryByText(/^Client answered/)).toBeNull();

    // Staff change one box: their value again, the client's beside it.
    await user.click(within(group('Check all that apply')).getByRole('checkbox', { name: 'Headaches' }));
    expect(screen.queryByText('From client')).toBeNull();
    expect(screen.getByText('Client answered: Loss of Conciousness, Vomitting')).toBeTruthy();
  });

  it('marks a date the client gave, and spells out a different one to choose', async () => {
    const { user, intake } = renderWithIntake(
      withAnswers({ 'personalInformation.birthDate': { value: '1990-03-05', applied: false } }, <PersonalTab />),
      { intake: intakeWith({ 'personalInformation.birthDate': '1985-01-02' }) },
    );
    expect(screen.getByText('Client answered: March 5, 1990')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Use client's answer" }));
    expect(intake().personalInformation.birthDate).toBe('1990-03-05');
    expect(screen.getByText('From client')).toBeTruthy();
  });

  it('offers no change on a read-only intake', () => {
    const { store } = renderWithIntake(
      withAnswers({ 'personalInformation.birthDate': { value: '1990-03-05', applied: false } }, <PersonalTab />),
      { intake: intakeWith({ 'personalInformation.birthDate': '1985-01-02' }) },
    );
    expect(screen.getByRole('button', { name: "Use client's answer" })).toBeTruthy();
    act(() => store.send({ type: 'mode.view' }));
    expect(screen.getByText('Client answered: March 5, 1990')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Use client's answer" })).toBeNull();
  });
});
