import { memo, type ReactNode } from 'react';
import { DateInput } from '../../../components/DateInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { DatePath } from './intakePaths';
import { todayIso } from '../../../../domain/dates';
import { fieldRule } from '../../../../domain/intake/fields';
import { FieldMarks } from './FieldMarks';

export interface IntakeDateFieldProps {
  path: DatePath;
  /** Latest choosable day, 'YYYY-MM-DD', for a date the catalogue does not hold to today itself. */
  max?: string;
  span?: CellSpan;
  /** Shown under the input, in the same cell (the incident date's limitation deadline). */
  below?: ReactNode;
}

/** A calendar date held as 'YYYY-MM-DD' ('' when empty), docs/product/intake-form.md. */
export const IntakeDateField = memo(function IntakeDateField({ path, max, span, below }: IntakeDateFieldProps) {
  const field = useIntakeField(path);
  const rule = fieldRule(path);
  return (
    <div className={cell({ span })}>
      <DateInput
        label={rule.label}
        value={field.value}
        onChange={field.onChange}
        max={rule.notAfterToday ? todayIso() : max}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      {below}
      <FieldMarks path={path} />
    </div>
  );
});
