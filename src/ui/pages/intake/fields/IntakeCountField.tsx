import { memo } from 'react';
import type { Count } from '../../../../domain/intake/types';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { CountPath } from './intakePaths';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

export interface IntakeCountFieldProps {
  path: CountPath;
  label: string;
  /** The browser's spinner floor; the domain clamps typed values (docs/product/intake-form.md). */
  min: number;
  required?: RequiredWhen;
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
export const IntakeCountField = memo(function IntakeCountField({ path, label, min, required, span }: IntakeCountFieldProps) {
  const field = useIntakeField(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <TextInput
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        value={field.value === '' ? '' : String(field.value)}
        onChange={(raw) => field.onChange(toCount(raw))}
        required={isRequired}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FromClientMark path={path} />
    </div>
  );
});
