// Filling the intake form in Chromium the way staff do: by the label a person reads, tab by tab
// (docs/product/intake-form.md), and reading back what the API stored.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FieldPath, GeneralCaseInformation } from '../../../src/domain/intake';
import { fieldsOfKind } from '../../../src/domain/intake/fields';
import { intakeTabs, type IntakeTabId } from '../../../src/domain/intake/tabs';
import { bearer } from '../../api/support/testServer';
import type { E2eApp } from './app';

/** The accessible name of every text, date, count and select field, by its intake path. */
export const fieldLabels: Partial<Record<FieldPath, string>> = {
  'personalInformation.firstName': 'First Name',
  'personalInformation.middleName': 'Middle Name',
  'personalInformation.lastName': 'Last Name',
  'personalInformation.address': 'Address',
  'personalInformation.phoneNumber': 'Phone Number',
  'personalInformation.email': 'E-mail',
  'personalInformation.dl': 'DL',
  'personalInformation.birthDate': 'Birth Date',
  'personalInformation.status': 'Status',
  'personalInformation.ssnItin': 'SSN/ITIN',
  'personalInformation.alternateContact': 'Alternate Contact',
  'personalInformation.relationshipToClient': 'Relationship to Client',
  'personalInformation.altPhoneNumber': 'Alternate Number',
  'personalInformation.minorParentsName': "Minor Parent's Name",
  'personalInformation.passengerCount': 'How Many?',
  'personalInformation.seatingPosition': 'Seating Position',
  'vehicleInformation.information': 'Vehicle Information',
  'vehicleInformation.owner': 'Owner',
  'vehicleInformation.financeCompany': 'Finance Company',
  'vehicleInformation.vin': 'VIN',
  'vehicleInformation.licensePlate': 'License plate',
  'vehicleInformation.pds': 'PD Estimate',
  'vehicleInformation.location': 'Vehicle location',
  'vehicleInformation.repairFacility': 'Repair facility',
  'vehicleInformation.phoneNumber': 'Repair facility phone',
  'vehicleInformation.insuredBy': 'Insured by',
  'vehicleInformation.policyNo': 'Policy#',
  'vehicleInformation.claimNo': 'Claim#',
  'vehicleInformation.pdAdjuster': 'PD Adjuster',
  'vehicleInformation.phone1': 'PD Adjuster phone',
  'vehicleInformation.fax1': 'PD Adjuster fax',
  'vehicleInformation.biAdjuster': 'BI Adjuster',
  'vehicleInformation.phone2': 'BI Adjuster phone',
  'vehicleInformation.fax2': 'BI Adjuster fax',
  'defendantInformation.driversName': "Driver's name",
  'defendantInformation.owner': 'Owner',
  'defendantInformation.phoneNumber': 'Phone Number',
  'defendantInformation.address': 'Address',
  'defendantInformation.information': 'Vehicle Information',
  'defendantInformation.vin': 'VIN',
  'defendantInformation.licensePlate': 'License plate',
  'defendantInformation.insuredBy': 'Insured by',
  'defendantInformation.policyNo': 'Policy#',
  'defendantInformation.claimNo': 'Claim#',
  'defendantInformation.pdAdjuster': 'PD Adjuster',
  'defendantInformation.phone1': 'PD Adjuster phone',
  'defendantInformation.fax1': 'PD Adjuster fax',
  'defendantInformation.biAdjuster': 'BI Adjuster',
  'defendantInformation.phone2': 'BI Adjuster phone',
  'defendantInformation.fax2': 'BI Adjuster fax',
  'injuryInformation.hospitalDate': 'Hospital Date',
  'injuryInformation.hospital': 'Hospital',
  'injuryInformation.painStart': 'When did pain start?',
  'injuryInformation.painAndSymptomsExp': 'Describe all pain/symptoms experienced',
  'injuryInformation.dailyLifeWorkEffect': 'Are injuries affecting daily life/work? If so, how?',
  'injuryInformation.doctor': 'Doctor',
  'injuryInformation.doctorPhone': 'Doctor phone',
  'injuryInformation.doctorFax': 'Doctor fax',
  'injuryInformation.chiropractor': 'Chiropractor',
  'injuryInformation.chiropractorPhone': 'Chiropractor phone',
  'injuryInformation.chiropractorFax': 'Chiropractor fax',
  'injuryInformation.specialist': 'Specialist',
  'injuryInformation.specialistPhone': 'Specialist phone',
  'injuryInformation.specialistFax': 'Specialist fax',
  'injuryInformation.description': 'Description of prior injuries',
  'injuryInformation.facilityTreated': 'Facility where treated',
  'injuryInformation.doctorSpecialistName': 'Doctor/Specialist name',
  'injuryInformation.dates': 'Date(s)',
  'injuryInformation.provider': 'Provider',
  'injuryInformation.insIdNumber': 'Insurance ID Number',
  'incidentDescription.incidentDate': 'Incident Date',
  'incidentDescription.crashReportNum': 'Crash Report Number',
  'incidentDescription.city': 'City',
  'incidentDescription.county': 'County',
  'incidentDescription.crashLocation': 'Crash location',
  'incidentDescription.clientCitedReason': 'Client cited reason',
  'incidentDescription.defendantReason': 'Defendant reason',
  'incidentDescription.howManyVehicles': 'How many vehicles?',
  'incidentDescription.description': 'Incident Description',
  'incidentDescription.fault': 'Describe the prior incident(s), including who was at fault',
  'incidentDescription.witnessNamesAndContacts': 'Witness names and contact information',
  'incidentDescription.photoOrEvidenceDescription': 'Description of photo or other evidence',
};

/** The tick boxes' labels, by the key of their section (tabs 4, 5 and 7). */
const tickLabels: Record<string, string> = Object.fromEntries(
  fieldsOfKind('tick').map(([path, rule]) => [path.slice(path.lastIndexOf('.') + 1), rule.label]),
);

const choiceLabels: Record<string, string> = {
  spanish: 'Spanish',
  english: 'English',
  vietnamese: 'Vietnamese',
  call: 'Call',
  text: 'Text',
};

export function panel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A label as read on screen: the required asterisk after it is allowed. */
export function labelled(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`);
}

/** Both read 'Reason' on screen; only their accessible names tell them apart. */
const namedApart = new Set<FieldPath>(['incidentDescription.clientCitedReason', 'incidentDescription.defendantReason']);

export function field(page: Page, path: FieldPath): Locator {
  const label = fieldLabels[path];
  if (!label) throw new Error(`No label known for ${path}`);
  if (namedApart.has(path)) return panel(page).getByRole('textbox', { name: label, exact: true });
  return panel(page).getByLabel(labelled(label));
}

export async function openTab(page: Page, id: IntakeTabId): Promise<void> {
  const tab = intakeTabs.find((candidate) => candidate.id === id);
  if (!tab) throw new Error(`No tab ${id}`);
  await page.getByRole('tab', { name: tab.name }).click();
  await expect.poll(() => page.getByRole('tab', { name: tab.name }).getAttribute('aria-selected')).toBe('true');
}

/** Every field of one section, typed, ticked or chosen as a person would; unticked boxes left alone. */
export async function fillSection(page: Page, section: keyof GeneralCaseInformation, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const path = `${section}.${key}` as FieldPath;
    if (key === 'painAndSymptoms' && typeof value === 'object' && value !== null) {
      for (const [tick, on] of Object.entries(value)) if (on) await panel(page).getByLabel(labelled(tickLabels[tick])).check();
    } else if (Array.isArray(value)) {
      for (const choice of value)
        await panel(page)
          .getByLabel(labelled(choiceLabels[choice as string]))
          .check();
    } else if (typeof value === 'boolean' && fieldLabels[path] === undefined && !(key in tickLabels)) {
      await panel(page)
        .locator(`input[type="radio"][name="${path}"][value="${String(value)}"]`)
        .check();
    } else if (typeof value === 'boolean') {
      if (value) await panel(page).getByLabel(labelled(tickLabels[key])).check();
    } else if (value === null || value === '') {
      continue;
    } else if (path === 'personalInformation.status') {
      await field(page, path).selectOption(String(value));
    } else if (path === 'personalInformation.gender' || path === 'personalInformation.civilStatus') {
      await panel(page)
        .locator(`input[type="radio"][name="${path}"][value="${String(value)}"]`)
        .check();
    } else {
      await field(page, path).fill(String(value));
    }
  }
}

/** Fills all seven tabs with `intake`'s values, tab by tab, from the tab bar. */
export async function fillAllTabs(page: Page, intake: GeneralCaseInformation): Promise<void> {
  for (const tab of intakeTabs) {
    await openTab(page, tab.id);
    await fillSection(page, tab.section, intake[tab.section] as unknown as Record<string, unknown>);
  }
}

/** The owner's intakes as the API lists them. */
export async function storedRows(app: E2eApp, searchFilter = '') {
  const { data, error } = await app.server.api.GET('/v1/intake', {
    params: { query: { userId: app.owner.id, pageSize: 100, searchFilter } },
    headers: bearer(await app.server.login(app.owner.email, app.owner.password)),
  });
  if (error || !data) throw new Error('GET /v1/intake failed');
  return data.data.record;
}

/** One stored intake as the API answers it. */
export async function storedIntake(app: E2eApp, caseId: string) {
  const { data, error } = await app.server.api.GET('/v1/intake/{caseId}', {
    params: { path: { caseId } },
    headers: bearer(await app.server.login(app.owner.email, app.owner.password)),
  });
  if (error || !data) throw new Error('GET /v1/intake/{caseId} failed');
  return data.data;
}
