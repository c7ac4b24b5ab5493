import { memo } from 'react';
import { fieldRule } from '../../../../domain/intake/fields';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { FieldMarks } from './FieldMarks';

/** The two-way choices of tab 1 (Gender Male/Female, Civil Status Single/Married). */
export type RadioChoicePath = 'personalInformation.gender' | 'personalInformation.civilStatus';

export interface IntakeRadioProps {
  path: RadioChoicePath;
  span?: CellSpan;
}

/** A choice shown as radio buttons, with the catalogue's options in its order. */
export const IntakeRadio = memo(function IntakeRadio({ path, span }: IntakeRadioProps) {
  const field = useIntakeField<RadioChoicePath>(path);
  const rule = fieldRule(path);
  const options: RadioOption<string>[] = Object.entries<string>(rule.options).map(([value, label]) => ({ value, label }));
  return (
    <div className={cell({ span })}>
      <RadioGroup<string>
        label={rule.label}
        options={options}
        value={field.value}
        // The options are the catalogue's for this path, so the chosen value belongs to it.
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
