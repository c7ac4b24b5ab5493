// The red asterisk tells the truth (docs/product/intake-form.md#field-rules): on every tab, a field
// shows it exactly when a final submit would refuse that field left empty, whatever the other
// answers are. Both come from the field catalogue; this checks what a person sees against what
// the final check does.
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { todayIso } from '../../../src/domain/dates';
import {
  emptyIntake,
  fieldLabel,
  intakeFieldIds,
  readField,
  tabOfPath,
  tickGroups,
  validateFinal,
  writePath,
  type GeneralCaseInformation,
  type IntakeFieldId,
} from '../../../src/domain/intake';
import { intakeTabViews } from '../../../src/ui/pages/intake/tabs/tabComponents';
import { fullValidIntake, withFields } from '../../domain/intake/fixtures';
import { renderWithIntake } from './intakeTestStore';

afterEach(cleanup);

const today = todayIso();
const tenYearsAgo = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;

const states: Record<string, () => GeneralCaseInformation> = {
  'a blank intake': emptyIntake,
  'an intake with every question answered Yes': fullValidIntake,
  'a minor with no alternate contact and no adjusters named': () =>
    withFields(fullValidIntake(), {
      'personalInformation.birthDate': tenYearsAgo,
      'personalInformation.alternateContact': '',
      'vehicleInformation.pdAdjuster': '',
      'vehicleInformation.biAdjuster': '',
      'defendantInformation.pdAdjuster': '',
      'defendantInformation.biAdjuster': '',
    }),
};

const legends = new Set<string>(Object.values(tickGroups).map((group) => group.legend));

/** Each control's spoken name and whether its label shows the asterisk. */
function asterisks(container: HTMLElement): [name: string, marked: boolean][] {
  const controls = container.querySelectorAll<HTMLElement>('input:not([type="radio"]):not([type="checkbox"]), textarea, select, fieldset');
  return [...controls].map((control) => {
    const labelledBy = control.getAttribute('aria-labelledby');
    const label = labelledBy
      ? container.ownerDocument.getElementById(labelledBy)
      : control instanceof HTMLFieldSetElement
        ? control.querySelector('legend')
        : ((control as HTMLInputElement).labels?.[0] ?? null);
    const hidden = label?.querySelector('[aria-hidden="true"]:not([data-required-mark])')?.textContent ?? '';
    const name = (label?.textContent ?? '').replace('*', '').replace(hidden, '').trim();
    return [name, label?.querySelector('[data-required-mark]') !== null];
  });
}

function refusedWhenEmpty(intake: GeneralCaseInformation, path: IntakeFieldId): boolean {
  const result = validateFinal(writePath(intake, path, readField(emptyIntake(), path)), today);
  return !result.ok && path in result.errors;
}

describe('the red asterisk', { timeout: 30_000 }, () => {
  for (const [state, intakeOf] of Object.entries(states)) {
    it.each(intakeTabViews.map(({ tab, Component }) => [tab.name, tab, Component] as const))(
      `${state}, tab %s: shown exactly on the fields a final submit refuses empty`,
      (_name, tab, Component) => {
        const intake = intakeOf();
        const { container } = renderWithIntake(<Component />, { intake });
        const fields = intakeFieldIds.filter((path) => tabOfPath(path) === tab);
        for (const [name, marked] of asterisks(container)) {
          if (legends.has(name)) continue;
          const path = fields.find((field) => fieldLabel(field) === name);
          expect(path, `a field of the catalogue is labelled '${name}'`).toBeDefined();
          expect(marked, `${name} (${path})`).toBe(refusedWhenEmpty(intake, path!));
        }
      },
    );
  }
});
