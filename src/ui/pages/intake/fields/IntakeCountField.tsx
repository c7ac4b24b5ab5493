import { memo } from 'react';
import type { Count } from '../../../../domain/intake/types';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { CountPath } from './intakePaths';
import { fieldRule } from '../../../../domain/intake/fields';
import { FieldMarks } from './FieldMarks';

export interface IntakeCountFieldProps {
  path: CountPath;
  span?: CellSpan;
}

/** An emptied input stays empty ('') rather than becoming 0, so "required" can still fail. */
function toCount(raw: string): Count {
  if (raw.trim() === '') return '';
  const value = Number(raw);
  return Number.isNaN(value) ? '' : value;
}

/**
 * A count (passengers, vehicles). Below-zero values become 0 and vehicles below 1 become 1 in the
 * domain's applyChange, so the field shows what the intake will keep.
 */
export const IntakeCountField = memo(function IntakeCountField({ path, span }: IntakeCountFieldProps) {
  const field = useIntakeField(path);
  // The floor is the browser's spinner floor too; the domain clamps typed values.
  const rule = fieldRule(path);
  return (
    <div className={cell({ span })}>
      <TextInput
        label={rule.label}
        type="number"
        inputMode="numeric"
        min={rule.floor}
        value={field.value === '' ? '' : String(field.value)}
        onChange={(raw) => field.onChange(toCount(raw))}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FieldMarks path={path} />
    </div>
  );
});
