import { memo } from 'react';
import { fieldRule } from '../../../../domain/intake/fields';
import { SelectField, type SelectOption } from '../../../components/SelectField';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { FieldMarks } from './FieldMarks';

/** The choices with more than two options (tab 1's SSN Status). */
export type SelectChoicePath = 'personalInformation.status';

export interface IntakeSelectProps {
  path: SelectChoicePath;
  span?: CellSpan;
}

/** A choice shown as a select, with the catalogue's options in its order. */
export const IntakeSelect = memo(function IntakeSelect({ path, span }: IntakeSelectProps) {
  const field = useIntakeField<SelectChoicePath>(path);
  const rule = fieldRule(path);
  const options: SelectOption<string>[] = Object.entries<string>(rule.options).map(([value, label]) => ({ value, label }));
  return (
    <div className={cell({ span })}>
      <SelectField<string>
        label={rule.label}
        options={options}
        value={field.value ?? ''}
        onChange={(value) => field.onChange(value as typeof field.value)}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FieldMarks path={path} />
    </div>
  );
});
