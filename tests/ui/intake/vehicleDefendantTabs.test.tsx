// Tabs 2 and 3, Client Vehicle Information and Defendant Personal and Vehicle Information (intake
// docs/product/intake-form.md): labels in order, each label bound to its docs/product/intake-form.md field, limits and rules.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DefendantTab } from '../../../src/ui/pages/intake/tabs/DefendantTab';
import { VehicleTab } from '../../../src/ui/pages/intake/tabs/VehicleTab';
import { fieldLabelsInOrder, renderWithIntake } from './intakeTestStore';

const textbox = (name: string) => screen.getByRole('textbox', { name });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The same control found by its label text (asterisk allowed): much quicker than by role in jsdom. */
const labelled = (label: string) => screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}\\*?$`));
const answer = (question: string, option: 'Yes' | 'No') =>
  within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: option });

// Whole tabs in jsdom with user-event are slow on a busy machine; the default 5 s is too tight.
describe('Client Vehicle Information tab', { timeout: 15_000 }, () => {
  it("shows the spec's fields in order", () => {
    const { container } = renderWithIntake(<VehicleTab />);
    expect(fieldLabelsInOrder(container)).toEqual([
      'Client has photos',
      'Vehicle Information',
      'Owner',
      'Drivable?',
      'Lien Holder?',
      'Finance Company',
      'VIN',
      'License plate',
      'PD Estimate',
      'TL',
      'Towed',
      'Vehicle location',
      'Repair facility',
      'Repair facility phone',
      'Insured by',
      'Policy#',
      'Claim#',
      'PD Adjuster',
      'PD Adjuster phone',
      'PD Adjuster fax',
      'BI Adjuster',
      'BI Adjuster phone',
      'BI Adjuster fax',
    ]);
  });

  it('writes each label to its own field of vehicleInformation', async () => {
    const { user, intake } = renderWithIntake(<VehicleTab />);
    const typed: [string, string][] = [
      ['Vehicle Information', '2015 sedan, grey'],
      ['Owner', 'Sam Example'],
      ['Finance Company', 'Test Credit'],
      ['VIN', 'VIN0001'],
      ['License plate', 'TEST-1'],
      ['PD Estimate', '4200'],
      ['Repair facility', 'Fixit Garage'],
      ['Repair facility phone', '555-0101'],
      ['Insured by', 'Sample Mutual'],
      ['Policy#', 'P-1'],
      ['Claim#', 'C-1'],
      ['PD Adjuster', 'Pat Adjuster'],
      ['PD Adjuster phone', '555-0102'],
      ['PD Adjuster fax', '555-0103'],
      ['BI Adjuster', 'Bo Adjuster'],
      ['BI Adjuster phone', '555-0104'],
      ['BI Adjuster fax', '555-0105'],
    ];
    for (const [label, value] of typed) {
      await user.click(labelled(label));
      await user.paste(value);
    }
    for (const [question, option] of [
      ['Client has photos', 'Yes'],
      ['Drivable?', 'No'],
      ['Lien Holder?', 'Yes'],
      ['TL', 'No'],
      ['Towed', 'Yes'],
    ] as const) {
      await user.click(answer(question, option));
    }
    await user.click(textbox('Vehicle location'));
    await user.paste('Lot 7');

    expect(intake().vehicleInformation).toEqual({
      clientHasPhotos: true,
      information: '2015 sedan, grey',
      owner: 'Sam Example',
      drivable: false,
      lienHolder: true,
      financeCompany: 'Test Credit',
      vin: 'VIN0001',
      licensePlate: 'TEST-1',
      pds: '4200',
      tl: false,
      towed: true,
      location: 'Lot 7',
      repairFacility: 'Fixit Garage',
      phoneNumber: '555-0101',
      insuredBy: 'Sample Mutual',
      policyNo: 'P-1',
      claimNo: 'C-1',
      pdAdjuster: 'Pat Adjuster',
      phone1: '555-0102',
      fax1: '555-0103',
      biAdjuster: 'Bo Adjuster',
      phone2: '555-0104',
      fax2: '555-0105',
    });

    // Towed No clears the vehicle location (docs/product/intake-form.md).
    await user.click(answer('Towed', 'No'));
    expect(textbox('Vehicle location')).toHaveValue('');
  }, 20_000);

  it('requires the adjuster with a phone or fax, and the phone and fax with an adjuster', async () => {
    const { user } = renderWithIntake(<VehicleTab />);
    expect(textbox('PD Adjuster')).not.toBeRequired();
    expect(textbox('PD Adjuster phone')).not.toBeRequired();
    await user.type(textbox('PD Adjuster fax'), '5');
    expect(textbox('PD Adjuster')).toBeRequired();
    await user.type(textbox('BI Adjuster'), 'Bo');
    expect(textbox('BI Adjuster phone')).toBeRequired();
    expect(textbox('BI Adjuster fax')).toBeRequired();
    expect(textbox('VIN')).toBeRequired();
  });
});

describe('Defendant Personal and Vehicle Information tab', { timeout: 15_000 }, () => {
  it("shows the spec's fields in order", () => {
    const { container } = renderWithIntake(<DefendantTab />);
    expect(fieldLabelsInOrder(container)).toEqual([
      'Client has photos',
      "Driver's name",
      'Owner',
      'Phone Number',
      'Address',
      'Vehicle Information',
      'VIN',
      'License plate',
      'Drivable',
      'Insured by',
      'Policy#',
      'Claim#',
      'PD Adjuster',
      'PD Adjuster phone',
      'PD Adjuster fax',
      'BI Adjuster',
      'BI Adjuster phone',
      'BI Adjuster fax',
    ]);
  });

  it('cuts Address at 100 and Vehicle Information at 90 characters, counting what remains', async () => {
    const { user, intake } = renderWithIntake(<DefendantTab />);
    await user.click(textbox('Vehicle Information'));
    await user.paste('v'.repeat(95));
    expect(intake().defendantInformation.information).toBe('v'.repeat(90));
    expect(textbox('Vehicle Information')).toHaveAccessibleDescription('0 characters remaining');

    await user.type(textbox('Address'), '1 Sample Road');
    expect(intake().defendantInformation.address).toBe('1 Sample Road');
    expect(textbox('Address')).toHaveAccessibleDescription('87 characters remaining');

    await user.type(textbox("Driver's name"), 'Dana');
    await user.click(answer('Drivable', 'Yes'));
    expect(intake().defendantInformation).toMatchObject({ driversName: 'Dana', drivable: true });
  });
});
