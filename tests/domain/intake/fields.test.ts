// What the field catalogue (src/domain/intake/fields.ts) makes the form do: each requirement it
// writes is what the draft and final checks refuse, with its message and on its tab; each clearing
// and disabling it writes is what a change does. Driven by the catalogue, checked on the behaviour.
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  emptyIntake,
  intakeFieldIds,
  intakeFields,
  isDisabled,
  readField,
  requiredMessage,
  tabOfPath,
  validateDraft,
  validateFinal,
  writePath,
  type Condition,
  type FieldPath,
  type FieldRule,
  type FieldValue,
  type GeneralCaseInformation,
  type IntakeFieldId,
} from '../../../src/domain/intake';
import { fullValidIntake, TODAY } from './fixtures';

const ruleOf = (path: IntakeFieldId): FieldRule => intakeFields[path];
const requirementOf = (path: IntakeFieldId) => {
  const rule = ruleOf(path);
  return rule.kind === 'tick' ? undefined : rule.required;
};
const blank = (intake: GeneralCaseInformation, path: FieldPath) => writePath(intake, path, readField(emptyIntake(), path));
const finalErrors = (intake: GeneralCaseInformation) => {
  const result = validateFinal(intake, TODAY);
  return result.ok ? {} : result.errors;
};

/** An intake in which `condition` holds (`holds`) or does not, from the valid fixture. */
function underCondition(condition: Condition, holds: boolean): GeneralCaseInformation {
  const intake = fullValidIntake();
  switch (condition.when) {
    case 'yes':
      return writePath(intake, condition.of, holds);
    case 'anyFilled':
      return condition.of.reduce((next, path) => writePath(next, path, holds ? 'Given' : ''), intake);
    case 'is':
      return writePath(intake, condition.of, holds ? condition.value : 'noSsn');
    case 'minor':
      return writePath(intake, condition.of, holds ? '2014-06-15' : '1990-06-15');
  }
}

const always = intakeFieldIds.filter((path) => requirementOf(path) === 'final' || requirementOf(path) === 'draft');
const conditional = intakeFieldIds.flatMap((path) => {
  const requirement = requirementOf(path);
  return typeof requirement === 'object' ? [[path, requirement] as const] : [];
});

describe('requirements come from the catalogue', () => {
  it.each(always)('%s left empty: final submit refuses it with its message, on its tab', (path) => {
    const result = validateFinal(blank(fullValidIntake(), path), TODAY);
    expect(result.ok ? {} : result.errors).toEqual({ [path]: requiredMessage(path) });
    expect(result.ok ? undefined : result.firstFailingTab).toBe(tabOfPath(path));
  });

  it.each(conditional)('%s left empty is refused exactly while its condition holds', (path, condition) => {
    expect(finalErrors(blank(underCondition(condition, true), path))[path]).toBe(requiredMessage(path));
    expect(finalErrors(blank(underCondition(condition, false), path))[path]).toBeUndefined();
  });

  it("a draft needs only the catalogue's draft fields, with the spec's texts", () => {
    const result = validateDraft(emptyIntake());
    expect(result.ok ? {} : result.errors).toEqual({
      'personalInformation.firstName': 'Please enter your First Name',
      'personalInformation.lastName': 'Please enter your Last Name',
    });
  });

  it("the messages the spec quotes are the catalogue's", () => {
    expect(finalErrors(blank(fullValidIntake(), 'personalInformation.phoneNumber'))['personalInformation.phoneNumber']).toBe(
      'Please provide your phone number',
    );
    expect(finalErrors(blank(fullValidIntake(), 'incidentDescription.fault'))['incidentDescription.fault']).toBe(
      'Please describe the incident(s), including who was found at fault',
    );
    expect(finalErrors(blank(fullValidIntake(), 'vehicleInformation.towed'))['vehicleInformation.towed']).toBe('Please answer "Towed"');
  });

  it('a field the catalogue never requires may stay empty', () => {
    const optional = intakeFieldIds.filter((path) => ruleOf(path).kind !== 'tick' && requirementOf(path) === undefined);
    expect(optional.length).toBeGreaterThan(0);
    const intake = optional.reduce(blank, fullValidIntake());
    expect(validateFinal(intake, TODAY)).toEqual({ ok: true });
  });
});

const cleared = intakeFieldIds.flatMap((path) => {
  const rule = ruleOf(path);
  return 'clearedBy' in rule && rule.clearedBy ? [[path, rule.clearedBy] as const] : [];
});

describe('clearing comes from the catalogue', () => {
  it.each(cleared)('%s is emptied by its answer, and kept by any other', (path, clearing) => {
    const change = (value: unknown) => applyChange(fullValidIntake(), clearing.of as FieldPath, value as FieldValue<FieldPath>);
    const empty = readField(emptyIntake(), path);
    const kept = readField(fullValidIntake(), path);
    expect(kept).not.toEqual(empty);
    const [emptying, keeping]: [unknown[], unknown] =
      clearing.when === 'no' ? [[false], true] : clearing.when === 'emptied' ? [['', '   '], 'Someone'] : [[...clearing.values], 'hasSsn'];
    for (const value of emptying) expect(readField(change(value), path)).toEqual(empty);
    expect(readField(change(keeping), path)).toEqual(kept);
  });
});

describe('disabling comes from the catalogue', () => {
  it('a field is disabled exactly while the answer it waits for is missing', () => {
    for (const path of intakeFieldIds) {
      const rule = ruleOf(path);
      const enabledWhen = 'disabledUnless' in rule ? rule.disabledUnless : undefined;
      if (!enabledWhen) {
        expect(isDisabled(emptyIntake(), path), path).toBe(false);
        continue;
      }
      expect(isDisabled(underCondition(enabledWhen, true), path), path).toBe(false);
      expect(isDisabled(underCondition(enabledWhen, false), path), path).toBe(true);
    }
  });
});
