// The component of each intake tab, keyed by the tab ids of src/domain/intake/tabs.ts, so the
// form page renders `tabComponents[intakeTabs[currentTab].id]`.
import type { ComponentType } from 'react';
import { intakeTabs, type IntakeTab, type IntakeTabId } from '../../../../domain/intake/tabs';
import { DefendantTab } from './DefendantTab';
import { DiscussTab } from './DiscussTab';
import { IncidentTab } from './IncidentTab';
import { InjuryTab } from './InjuryTab';
import { PersonalTab } from './PersonalTab';
import { PointsOfInjuryTab } from './PointsOfInjuryTab';
import { VehicleTab } from './VehicleTab';

export const tabComponents: Readonly<Record<IntakeTabId, ComponentType>> = {
  personal: PersonalTab,
  vehicle: VehicleTab,
  defendant: DefendantTab,
  points: PointsOfInjuryTab,
  injury: InjuryTab,
  incident: IncidentTab,
  discuss: DiscussTab,
};

/** The tabs in the spec's order (docs/product/intake-form.md), each with its component. */
export const intakeTabViews: readonly { tab: IntakeTab; Component: ComponentType }[] = intakeTabs.map((tab) => ({
  tab,
  Component: tabComponents[tab.id],
}));
