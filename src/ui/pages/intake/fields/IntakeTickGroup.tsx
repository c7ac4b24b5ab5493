import { memo, useCallback, useContext, useMemo } from 'react';
import { isClientField } from '../../../../domain/intake/clientAnswers';
import { fieldLabel, tickGroups, type TickGroupId } from '../../../../domain/intake/fields';
import { readField } from '../../../../domain/intake/rules';
import type { FieldPath, GeneralCaseInformation } from '../../../../domain/intake/types';
import { CheckboxGroup, type CheckboxItem } from '../../../components/Checkbox';
import { ClientAnswersContext, FromClientMark } from '../clientLink/FromClientMark';
import { MergeChoicesContext } from '../merge/TheirAnswerMark';
import { FieldMarks } from './FieldMarks';
import { useIntakeReadOnly, useIntakeSelector, useIntakeStore } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';

export interface IntakeTickGroupProps {
  group: TickGroupId;
  span?: CellSpan;
}

function pathOf(base: string, key: string): FieldPath {
  // base + key of one of the catalogue's tick groups is a field path; the template type cannot
  // say so for a key chosen at run time.
  return `${base}.${key}` as FieldPath;
}

/** One of the catalogue's groups of tick boxes (src/domain/intake/fields.ts `tickGroups`), with its legend and labels. */
export const IntakeTickGroup = memo(function IntakeTickGroup({ group, span = 'full' }: IntakeTickGroupProps) {
  const { base, legend, keys, selectAll } = tickGroups[group];
  const store = useIntakeStore();
  const readOnly = useIntakeReadOnly();
  // One string of '1'/'0' per key: a primitive, so the group re-renders only when one of its own
  // boxes changes, never for a keystroke elsewhere in the form.
  const selectTicks = useCallback(
    (intake: GeneralCaseInformation) => keys.map((key) => (readField(intake, pathOf(base, key)) === true ? '1' : '0')).join(''),
    [base, keys],
  );
  const ticks = useIntakeSelector(selectTicks);
  const values = useMemo(() => Object.fromEntries(keys.map((key, index) => [key, ticks[index] === '1'])), [keys, ticks]);
  // 'From client' (docs/product/client-intake.md#staff-review): under each point of injury the client
  // ticked, and under the whole group where the group is one answer (the 'Check all that apply' boxes).
  // Their saved answer beside a box both people changed (docs/product/intake-form.md, Someone else saved first).
  const clientAnswers = useContext(ClientAnswersContext);
  const { theirs } = useContext(MergeChoicesContext);
  const items = useMemo<CheckboxItem<string>[]>(
    () =>
      keys.map((key) => {
        const path = pathOf(base, key);
        const note = clientAnswers[path] || path in theirs ? <FieldMarks path={path} /> : undefined;
        return { key, label: fieldLabel(path as Parameters<typeof fieldLabel>[0]), note };
      }),
    [base, keys, clientAnswers, theirs],
  );

  // Select All is one event for the whole group (docs/product/intake-form.md#points-of-injury: it "sets or clears every item").
  function handleChange(changes: Partial<Record<string, boolean>>) {
    const entries = Object.entries(changes) as [string, boolean][];
    store.send({ type: 'fields.change', changes: entries.map(([key, value]) => ({ path: pathOf(base, key), value })) });
  }

  return (
    <div className={cell({ span })}>
      <CheckboxGroup<string>
        legend={legend}
        items={items}
        values={values}
        onChange={handleChange}
        selectAll={selectAll}
        disabled={readOnly}
      />
      {isClientField(base) && clientAnswers[base] ? <FromClientMark path={base} /> : null}
    </div>
  );
});
