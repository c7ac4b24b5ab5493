import { memo, useCallback, useMemo } from 'react';
import { readField } from '../../../../domain/intake/rules';
import type { FieldPath, GeneralCaseInformation } from '../../../../domain/intake/types';
import { CheckboxGroup, type CheckboxItem } from '../../../components/Checkbox';
import { useIntakeReadOnly, useIntakeSelector, useIntakeStore } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { TickGroupBase } from './intakePaths';

export interface IntakeTickGroupProps<K extends string> {
  /** The object holding the group's booleans, e.g. 'pointsOfInjury'. */
  base: TickGroupBase;
  legend: string;
  /** The group's keys in display order; a module-level constant so the memo holds. */
  keys: readonly K[];
  labels: Readonly<Record<K, string>>;
  selectAll?: boolean;
  span?: CellSpan;
}

function pathOf(base: TickGroupBase, key: string): FieldPath {
  // base + key of one of the intake's tick sections is a field path; the template type cannot
  // say so for a key chosen at run time.
  return `${base}.${key}` as FieldPath;
}

function IntakeTickGroupField<K extends string>({ base, legend, keys, labels, selectAll = false, span = 'full' }: IntakeTickGroupProps<K>) {
  const store = useIntakeStore();
  const readOnly = useIntakeReadOnly();
  // One string of '1'/'0' per key: a primitive, so the group re-renders only when one of its own
  // boxes changes, never for a keystroke elsewhere in the form.
  const selectTicks = useCallback(
    (intake: GeneralCaseInformation) => keys.map((key) => (readField(intake, pathOf(base, key)) === true ? '1' : '0')).join(''),
    [base, keys],
  );
  const ticks = useIntakeSelector(selectTicks);
  const values = useMemo(
    () => Object.fromEntries(keys.map((key, index) => [key, ticks[index] === '1'])) as Record<K, boolean>,
    [keys, ticks],
  );
  const items = useMemo<CheckboxItem<K>[]>(() => keys.map((key) => ({ key, label: labels[key] })), [keys, labels]);

  // Select All is one event for the whole group (docs/product/intake-form.md: it "sets or clears every item").
  function handleChange(changes: Partial<Record<K, boolean>>) {
    const entries = Object.entries(changes) as [K, boolean][];
    store.send({ type: 'fields.change', changes: entries.map(([key, value]) => ({ path: pathOf(base, key), value })) });
  }

  return (
    <div className={cell({ span })}>
      <CheckboxGroup<K> legend={legend} items={items} values={values} onChange={handleChange} selectAll={selectAll} disabled={readOnly} />
    </div>
  );
}

export const IntakeTickGroup = memo(IntakeTickGroupField) as typeof IntakeTickGroupField;
