// Tab 6, Incident Description (docs/product/intake-form.md).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IncidentTab } from '../../../src/ui/pages/intake/tabs/IncidentTab';
import { fieldLabelsInOrder, renderWithIntake } from './intakeTestStore';

const textbox = (name: string) => screen.getByRole('textbox', { name });
const answer = (question: string, option: 'Yes' | 'No') =>
  within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: option });

// Whole tabs in jsdom with user-event are slow on a busy machine; the default 5 s is too tight.
describe('Incident Description tab', { timeout: 15_000 }, () => {
  it("shows the spec's fields in order, both reasons reading 'Reason'", () => {
    const { container } = renderWithIntake(<IncidentTab />);
    expect(fieldLabelsInOrder(container)).toEqual([
      'Incident Date',
      'Crash Report Number',
      'City',
      'County',
      'Police',
      'Crash location',
      'Client cited?',
      'Client cited reason',
      'Defendant?',
      'Defendant reason',
      'Multi-vehicle incident?',
      'How many vehicles?',
      'Incident Description',
      'Prior incidents?',
      'Describe the prior incident(s), including who was at fault',
      'Witnesses?',
      'Witness names and contact information',
      'Photo or other evidence?',
      'Description of photo or other evidence',
    ]);
    // What the eye reads next to each reason field.
    for (const name of ['Client cited reason', 'Defendant reason']) {
      const label = (textbox(name) as HTMLInputElement).labels?.[0];
      expect(label?.querySelector('[aria-hidden="true"]')?.textContent).toBe('Reason');
    }
  });

  it('cuts the two reasons at 20 and 25 characters and the evidence description at 100', async () => {
    const { user, intake } = renderWithIntake(<IncidentTab />);
    await user.click(answer('Client cited?', 'Yes'));
    await user.click(answer('Defendant?', 'Yes'));
    expect(textbox('Client cited reason')).toBeRequired();
    await user.click(textbox('Client cited reason'));
    await user.paste('r'.repeat(30));
    await user.click(textbox('Defendant reason'));
    await user.paste('d'.repeat(30));
    expect(intake().incidentDescription.clientCitedReason).toBe('r'.repeat(20));
    expect(intake().incidentDescription.defendantReason).toBe('d'.repeat(25));
    expect(textbox('Client cited reason')).toHaveAccessibleDescription('0 characters remaining');

    const evidence = textbox('Description of photo or other evidence');
    expect(evidence.tagName).toBe('TEXTAREA');
    expect(evidence).toHaveAccessibleDescription('100 characters remaining');

    // Client cited? No clears its reason (docs/product/intake-form.md).
    await user.click(answer('Client cited?', 'No'));
    expect(textbox('Client cited reason')).toHaveValue('');
    expect(textbox('Defendant reason')).toHaveValue('d'.repeat(25));
  });

  it('keeps the number of vehicles and the prior incidents description disabled until answered Yes', async () => {
    const { user, intake } = renderWithIntake(<IncidentTab />);
    const vehicles = screen.getByRole('spinbutton', { name: 'How many vehicles?' });
    const fault = textbox('Describe the prior incident(s), including who was at fault');
    expect(vehicles).toBeDisabled();
    expect(fault).toBeDisabled();

    await user.click(answer('Multi-vehicle incident?', 'Yes'));
    await user.type(vehicles, '2');
    expect(intake().incidentDescription.howManyVehicles).toBe(2);
    await user.click(answer('Prior incidents?', 'Yes'));
    expect(fault).toBeEnabled();
    await user.type(fault, 'Rear-ended in 2020, other driver at fault');
    expect(fault).toHaveAccessibleDescription(`${180 - 41} characters remaining`);

    await user.click(answer('Multi-vehicle incident?', 'No'));
    expect(vehicles).toBeDisabled();
    expect(vehicles).toHaveValue(null);
    await user.click(answer('Prior incidents?', 'No'));
    expect(fault).toBeDisabled();
    expect(fault).toHaveValue('');
  });
});
