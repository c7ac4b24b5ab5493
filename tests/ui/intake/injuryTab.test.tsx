// Tab 5, Injury Information (docs/product/intake-form.md).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../src/domain/dates';
import { InjuryTab } from '../../../src/ui/pages/intake/tabs/InjuryTab';
import { fieldLabelsInOrder, renderWithIntake } from './intakeTestStore';

const textbox = (name: string) => screen.getByRole('textbox', { name });
const answer = (question: string, option: 'Yes' | 'No') =>
  within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: option });
const hospitalDate = () => screen.getByLabelText(/^Hospital Date\*?$/) as HTMLInputElement;

// Whole tabs in jsdom with user-event are slow on a busy machine; the default 5 s is too tight.
describe('Injury Information tab', { timeout: 15_000 }, () => {
  it("shows the spec's fields in order", () => {
    const { container } = renderWithIntake(<InjuryTab />);
    expect(fieldLabelsInOrder(container)).toEqual([
      'EMS?',
      'ARA?',
      'Photos of injury/injuries?',
      'Hospitalized?',
      'Hospital Date',
      'Hospital',
      'When did pain start?',
      'Describe all pain/symptoms experienced',
      'Check all that apply',
      'Are injuries affecting daily life/work? If so, how?',
      'Currently receiving treatment for injuries related to this incident?',
      'Doctor',
      'Doctor phone',
      'Doctor fax',
      'Chiropractor',
      'Chiropractor phone',
      'Chiropractor fax',
      'Specialist',
      'Specialist phone',
      'Specialist fax',
      'Prior injuries?',
      'Description of prior injuries',
      'Treatment received for prior injuries?',
      'Facility where treated',
      'Doctor/Specialist name',
      'Date(s)',
      'Health Insurance',
      'Provider',
      'Insurance ID Number',
    ]);
    const group = screen.getByRole('group', { name: 'Check all that apply' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Loss of Conciousness', 'Headaches', 'Vomitting']);
    expect(within(group).queryByRole('checkbox', { name: 'Select All' })).not.toBeInTheDocument();
  });

  it("cuts 'When did pain start?' at 90 characters and counts what remains", async () => {
    const { user, intake } = renderWithIntake(<InjuryTab />);
    const painStart = textbox('When did pain start?');
    expect(painStart).toHaveAccessibleDescription('90 characters remaining');
    await user.type(painStart, 'Next morning');
    expect(painStart).toHaveValue('Next morning');
    expect(painStart).toHaveAccessibleDescription('78 characters remaining');
    await user.paste('z'.repeat(100));
    expect(intake().injuryInformation.painStart).toHaveLength(90);
    expect(painStart).toHaveAccessibleDescription('0 characters remaining');
  });

  it('makes the two descriptions text areas that drop newlines, with 180 characters', async () => {
    const { user, intake } = renderWithIntake(<InjuryTab />);
    const pain = textbox('Describe all pain/symptoms experienced');
    expect(pain.tagName).toBe('TEXTAREA');
    expect(textbox('Are injuries affecting daily life/work? If so, how?').tagName).toBe('TEXTAREA');
    await user.type(pain, 'Neck pain{Enter}and stiffness');
    expect(intake().injuryInformation.painAndSymptomsExp).toBe('Neck painand stiffness');
    expect(pain).toHaveAccessibleDescription(`${180 - 'Neck painand stiffness'.length} characters remaining`);
  });

  it('clears Hospital Date when Hospitalized? becomes No, without disabling it', async () => {
    const { user, intake } = renderWithIntake(<InjuryTab />);
    expect(hospitalDate()).toHaveAttribute('max', todayIso());
    await user.click(answer('Hospitalized?', 'Yes'));
    expect(hospitalDate()).toBeRequired();
    await user.type(hospitalDate(), '2024-03-02');
    expect(intake().injuryInformation.hospitalDate).toBe('2024-03-02');

    await user.click(answer('Hospitalized?', 'No'));
    expect(hospitalDate()).toHaveValue('');
    expect(hospitalDate()).toBeEnabled();
    expect(hospitalDate()).not.toBeRequired();
    expect(intake().injuryInformation).toMatchObject({ hospitalized: false, hospitalDate: '' });
  });

  it('clears Provider and Insurance ID Number when Health Insurance becomes No', async () => {
    const { user, intake } = renderWithIntake(<InjuryTab />);
    await user.click(answer('Health Insurance', 'Yes'));
    expect(textbox('Provider')).toBeRequired();
    await user.type(textbox('Provider'), 'Sample Health');
    await user.type(textbox('Insurance ID Number'), 'ID-77');
    await user.click(answer('Health Insurance', 'No'));
    expect(textbox('Provider')).toHaveValue('');
    expect(textbox('Insurance ID Number')).toHaveValue('');
    expect(intake().injuryInformation).toMatchObject({ provider: '', insIdNumber: '' });
  });

  it("stores the 'Check all that apply' ticks and the receiving-treatment answer, which is not required", async () => {
    const { user, intake } = renderWithIntake(<InjuryTab />);
    expect(screen.getByRole('radiogroup', { name: /^Currently receiving treatment/ })).not.toHaveAttribute('aria-required');
    await user.click(screen.getByRole('checkbox', { name: 'Headaches' }));
    await user.click(answer('Currently receiving treatment for injuries related to this incident?', 'Yes'));
    expect(intake().injuryInformation.painAndSymptoms).toEqual({ lossOfConciousness: false, headaches: true, vomitting: false });
    expect(intake().injuryInformation.receivingTreatment).toBe(true);
  });
});
