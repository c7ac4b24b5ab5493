// Tab 1, Client Personal Information (docs/product/intake-form.md): what a person sees and what the
// intake holds after they use each field.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../src/domain/dates';
import { PersonalTab } from '../../../src/ui/pages/intake/tabs/PersonalTab';
import { fieldLabelsInOrder, intakeWith, renderWithIntake } from './intakeTestStore';

const textbox = (name: string) => screen.getByRole('textbox', { name });
const dateInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;

/** The birth date of someone who turns `years` old today. */
function birthDateForAge(years: number): string {
  const today = todayIso();
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

// Whole tabs in jsdom with user-event are slow on a busy machine; the default 5 s is too tight.
describe('Client Personal Information tab', { timeout: 15_000 }, () => {
  it("shows the spec's fields in order", () => {
    const { container } = renderWithIntake(<PersonalTab />);
    expect(fieldLabelsInOrder(container)).toEqual([
      'First Name',
      'Middle Name',
      'Last Name',
      'Language(s)',
      'Address',
      'Phone Number',
      'Phone Usage',
      'E-mail',
      'DL',
      'Gender',
      'Civil Status',
      'Birth Date',
      'Status',
      'SSN/ITIN',
      'Alternate Contact',
      'Relationship to Client',
      'Alternate Number',
      "Minor Parent's Name",
      'Passengers?',
      'How Many?',
      'Seating Position',
      'Existing client for other incident?',
    ]);
    for (const name of ['Spanish', 'English', 'Vietnamese', 'Call', 'Text', 'Both']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    const gender = screen.getByRole('radiogroup', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Male', 'Female']);
    const civil = screen.getByRole('radiogroup', { name: 'Civil Status' });
    expect(
      within(civil)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Single', 'Married']);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .filter(Boolean),
    ).toEqual(['No SSN', 'Pending', 'Need to Get', 'Has SSN']);
  });

  it('marks the fields required on final submit with the asterisk', () => {
    renderWithIntake(<PersonalTab />);
    expect(textbox('First Name')).toBeRequired();
    expect(textbox('Last Name')).toBeRequired();
    expect(textbox('Middle Name')).not.toBeRequired();
    expect(textbox('Address')).toBeRequired();
    expect(textbox('E-mail')).toBeRequired();
    expect(screen.getByRole('radiogroup', { name: 'Passengers?' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('group', { name: 'Language(s)' }).querySelector('[data-required-mark]')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Phone Usage' }).querySelector('[data-required-mark]')).not.toBeNull();
  });

  it('keeps what is typed, cut at the limit, and counts the characters remaining', async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    await user.type(textbox('First Name'), 'Avery');
    expect(textbox('First Name')).toHaveValue('Avery');
    expect(intake().personalInformation.firstName).toBe('Avery');
    expect(textbox('First Name')).toHaveAccessibleDescription('95 characters remaining');

    // Address: limit 100 (docs/product/intake-form.md).
    await user.click(textbox('Address'));
    await user.paste('x'.repeat(120));
    expect(intake().personalInformation.address).toBe('x'.repeat(100));
    expect(textbox('Address')).toHaveAccessibleDescription('0 characters remaining');
  });

  it("formats SSN/ITIN as 3-2-4 digits as it is typed, and requires it only with 'Has SSN'", async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    expect(textbox('SSN/ITIN')).not.toBeRequired();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Has SSN');
    expect(intake().personalInformation.status).toBe('hasSsn');
    expect(textbox('SSN/ITIN')).toBeRequired();

    await user.type(textbox('SSN/ITIN'), '123456789');
    expect(textbox('SSN/ITIN')).toHaveValue('123-45-6789');
    expect(intake().personalInformation.ssnItin).toBe('123-45-6789');
    expect(textbox('SSN/ITIN')).toHaveAccessibleDescription('0 characters remaining');

    // A status without an SSN clears it (docs/product/intake-form.md).
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    expect(textbox('SSN/ITIN')).toHaveValue('');
  });

  it('keeps How Many? disabled until Passengers? is Yes, and clears it on No', async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    const howMany = screen.getByRole('spinbutton', { name: 'How Many?' });
    const passengers = screen.getByRole('radiogroup', { name: 'Passengers?' });
    expect(howMany).toBeDisabled();

    await user.click(within(passengers).getByRole('radio', { name: 'Yes' }));
    expect(howMany).toBeEnabled();
    expect(howMany).toBeRequired();
    await user.type(howMany, '3');
    expect(howMany).toHaveValue(3);
    expect(intake().personalInformation.passengerCount).toBe(3);

    await user.click(within(passengers).getByRole('radio', { name: 'No' }));
    expect(howMany).toBeDisabled();
    expect(howMany).toHaveValue(null);
    expect(intake().personalInformation.passengerCount).toBe('');
  });

  it('keeps Relationship to Client and Alternate Number disabled while Alternate Contact is empty', async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    expect(textbox('Relationship to Client')).toBeDisabled();
    expect(textbox('Alternate Number')).toBeDisabled();

    await user.type(textbox('Alternate Contact'), 'Jordan');
    expect(textbox('Relationship to Client')).toBeEnabled();
    expect(textbox('Relationship to Client')).toBeRequired();
    await user.type(textbox('Relationship to Client'), 'Sibling');
    await user.type(textbox('Alternate Number'), '555-0100');

    // Emptying the contact clears both (docs/product/intake-form.md).
    await user.clear(textbox('Alternate Contact'));
    expect(textbox('Relationship to Client')).toBeDisabled();
    expect(textbox('Relationship to Client')).toHaveValue('');
    expect(textbox('Alternate Number')).toHaveValue('');
    expect(intake().personalInformation.altPhoneNumber).toBe('');
  });

  it("ticks call and text with 'Both', empties them when it is unticked, and shows it ticked when both are", async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    const box = (name: string) => screen.getByRole('checkbox', { name });

    await user.click(box('Both'));
    expect(box('Call')).toBeChecked();
    expect(box('Text')).toBeChecked();
    expect(box('Both')).toBeChecked();
    expect(intake().personalInformation.phoneUsages).toEqual(['call', 'text']);

    await user.click(box('Both'));
    expect(box('Call')).not.toBeChecked();
    expect(box('Text')).not.toBeChecked();
    expect(intake().personalInformation.phoneUsages).toEqual([]);

    await user.click(box('Text'));
    expect(box('Both')).not.toBeChecked();
    await user.click(box('Call'));
    expect(box('Both')).toBeChecked();
    expect(intake().personalInformation.phoneUsages).toEqual(['call', 'text']);
    await user.click(box('Call'));
    expect(box('Both')).not.toBeChecked();
    expect(intake().personalInformation.phoneUsages).toEqual(['text']);
  });

  it('stores the languages ticked', async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    await user.click(screen.getByRole('checkbox', { name: 'Vietnamese' }));
    await user.click(screen.getByRole('checkbox', { name: 'Spanish' }));
    expect(intake().personalInformation.languages).toEqual(['spanish', 'vietnamese']);
    await user.click(screen.getByRole('checkbox', { name: 'Vietnamese' }));
    expect(intake().personalInformation.languages).toEqual(['spanish']);
  });

  it("offers no birth date after today and requires the parent's name for a minor", async () => {
    const { user, intake } = renderWithIntake(<PersonalTab />);
    expect(dateInput('Birth Date')).toHaveAttribute('max', todayIso());
    expect(textbox("Minor Parent's Name")).not.toBeRequired();

    const minor = birthDateForAge(17);
    await user.type(dateInput('Birth Date'), minor);
    expect(intake().personalInformation.birthDate).toBe(minor);
    expect(textbox("Minor Parent's Name")).toBeRequired();
  });

  it('shows an adult birth date loaded from the store without the minor requirement', () => {
    renderWithIntake(<PersonalTab />, { intake: intakeWith({ 'personalInformation.birthDate': birthDateForAge(30) }) });
    expect(dateInput('Birth Date')).toHaveValue(birthDateForAge(30));
    expect(textbox("Minor Parent's Name")).not.toBeRequired();
  });

  it('shows an error of the store under its field, announced, and drops it once the field, or the answer it hangs on, changes', async () => {
    const { user, store } = renderWithIntake(<PersonalTab />, { intake: intakeWith({ 'personalInformation.status': 'hasSsn' }) });
    act(() => {
      store.send({
        type: 'errors.show',
        errors: {
          'personalInformation.firstName': 'Please enter your First Name',
          'personalInformation.phoneNumber': 'Please provide your phone number',
          'personalInformation.languages': 'Please select at least one language',
          'personalInformation.ssnItin': 'Please provide your SSN/ITIN',
        },
      });
    });
    const firstName = textbox('First Name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(expect.stringContaining('Please enter your First Name'));
    expect(within(firstName.parentElement as HTMLElement).getByRole('alert')).toHaveTextContent('Please enter your First Name');
    expect(within(textbox('Phone Number').parentElement as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Please provide your phone number',
    );
    expect(within(screen.getByRole('group', { name: 'Language(s)' })).getByRole('alert')).toHaveTextContent(
      'Please select at least one language',
    );

    await user.type(firstName, 'A');
    expect(screen.queryByText('Please enter your First Name')).not.toBeInTheDocument();
    expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please provide your phone number')).toBeInTheDocument();

    // A status without an SSN empties SSN/ITIN, and its error goes with it (docs/product/intake-form.md).
    expect(within(textbox('SSN/ITIN').parentElement as HTMLElement).getByRole('alert')).toHaveTextContent('Please provide your SSN/ITIN');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    expect(screen.queryByText('Please provide your SSN/ITIN')).not.toBeInTheDocument();
    expect(screen.getByText('Please provide your phone number')).toBeInTheDocument();
  });
});
