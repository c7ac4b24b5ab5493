// View mode and final intakes (docs/product/intake-form.md: "View mode disables every input"): the store's
// 'readOnly' tag disables every control of every tab, tick groups and Select All included.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { intakeTabs } from '../../../src/domain/intake';
import { intakeTabViews, tabComponents } from '../../../src/ui/pages/intake/tabs/tabComponents';
import { intakeWith, renderWithIntake } from './intakeTestStore';

// Answers that would otherwise enable the dependent fields, so nothing is disabled by a rule.
const answered = intakeWith({
  'personalInformation.passengers': true,
  'personalInformation.alternateContact': 'Jordan',
  'incidentDescription.multiVehicle': true,
  'incidentDescription.priorIncidents': true,
});

describe('the intake tabs', () => {
  it('are the seven tabs of the spec, in order', () => {
    expect(intakeTabViews.map(({ tab }) => tab.name)).toEqual([
      'Client Personal Information',
      'Client Vehicle Information',
      'Defendant Personal and Vehicle Information',
      'Points of Injury and Impact',
      'Injury Information',
      'Incident Description',
      'To Discuss with Client',
    ]);
    expect(intakeTabViews.map(({ Component }) => Component)).toEqual(intakeTabs.map((tab) => tabComponents[tab.id]));
  });

  for (const { tab, Component } of intakeTabViews) {
    it(`disable every input of "${tab.name}" in view mode`, () => {
      const { container, store } = renderWithIntake(<Component />, { intake: answered });
      const controls = [...container.querySelectorAll<HTMLInputElement>('input, select, textarea')];
      expect(controls.length).toBeGreaterThan(2);
      expect(controls.every((control) => !control.disabled)).toBe(true);

      act(() => {
        store.send({ type: 'mode.view' });
      });
      const enabled = controls.filter((control) => !control.matches(':disabled'));
      expect(enabled.map((control) => control.name || control.closest('label')?.textContent)).toEqual([]);
    });
  }
});
