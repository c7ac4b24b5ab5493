import { memo } from 'react';
import { DateInput } from '../../../components/DateInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { DatePath } from './intakePaths';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

export interface IntakeDateFieldProps {
  path: DatePath;
  label: string;
  /** Latest choosable day, 'YYYY-MM-DD' (todayIso() for a birth date, docs/product/intake-form.md tab 1). */
  max?: string;
  required?: RequiredWhen;
  span?: CellSpan;
}

/** A calendar date held as 'YYYY-MM-DD' ('' when empty), docs/product/intake-form.md. */
export const IntakeDateField = memo(function IntakeDateField({ path, label, max, required, span }: IntakeDateFieldProps) {
  const field = useIntakeField(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <DateInput
        label={label}
        value={field.value}
        onChange={field.onChange}
        max={max}
        required={isRequired}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FromClientMark path={path} />
    </div>
  );
});
