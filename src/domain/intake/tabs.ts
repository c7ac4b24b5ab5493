// The seven tabs of the intake form, in order (docs/product/intake-form.md), and the section each one edits.
import type { SectionKey } from './types';

export const intakeTabs = [
  { id: 'personal', name: 'Client Personal Information', section: 'personalInformation', validatedOnSubmit: true },
  { id: 'vehicle', name: 'Client Vehicle Information', section: 'vehicleInformation', validatedOnSubmit: true },
  {
    id: 'defendant',
    name: 'Defendant Personal and Vehicle Information',
    section: 'defendantInformation',
    validatedOnSubmit: true,
  },
  // Points of Injury and To Discuss are not validated on final submit (docs/product/intake-form.md).
  { id: 'points', name: 'Points of Injury and Impact', section: 'pointsOfInjury', validatedOnSubmit: false },
  { id: 'injury', name: 'Injury Information', section: 'injuryInformation', validatedOnSubmit: true },
  { id: 'incident', name: 'Incident Description', section: 'incidentDescription', validatedOnSubmit: true },
  { id: 'discuss', name: 'To Discuss with Client', section: 'checklist', validatedOnSubmit: false },
] as const satisfies readonly { id: string; name: string; section: SectionKey; validatedOnSubmit: boolean }[];

export type IntakeTab = (typeof intakeTabs)[number];
export type IntakeTabId = IntakeTab['id'];
export type ValidatedTab = Extract<IntakeTab, { validatedOnSubmit: true }>;
export type ValidatedTabId = ValidatedTab['id'];

export const intakeTabIds: readonly IntakeTabId[] = intakeTabs.map((tab) => tab.id);

export const validatedTabs: readonly ValidatedTab[] = intakeTabs.filter((tab): tab is ValidatedTab => tab.validatedOnSubmit);

export function intakeTab(id: IntakeTabId): IntakeTab {
  return intakeTabs.find((tab) => tab.id === id) as IntakeTab;
}

/** The tab whose section holds a dotted field path ('vehicleInformation.vin' -> vehicle). */
export function tabOfPath(path: string): IntakeTab | undefined {
  const section = path.split(/[.[]/, 1)[0];
  return intakeTabs.find((tab) => tab.section === section);
}
