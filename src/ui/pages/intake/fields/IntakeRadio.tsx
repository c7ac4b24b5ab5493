import { memo } from 'react';
import type { FieldValue } from '../../../../domain/intake/types';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

/** The two-way choices of tab 1 (Gender Male/Female, Civil Status Single/Married). */
export type RadioChoicePath = 'personalInformation.gender' | 'personalInformation.civilStatus';

export interface IntakeRadioProps<P extends RadioChoicePath> {
  path: P;
  label: string;
  options: readonly RadioOption<NonNullable<FieldValue<P>>>[];
  required?: RequiredWhen;
  span?: CellSpan;
}

function IntakeRadioField<P extends RadioChoicePath>({ path, label, options, required, span }: IntakeRadioProps<P>) {
  const field = useIntakeField<RadioChoicePath>(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <RadioGroup<string>
        label={label}
        options={options}
        value={field.value}
        // The option list is typed by the path, so the chosen value belongs to it.
        onChange={(value) => field.onChange(value as FieldValue<P>)}
        required={isRequired}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FromClientMark path={path} />
    </div>
  );
}

// memo drops the generic parameter; the cast gives it back so options stay tied to the path.
export const IntakeRadio = memo(IntakeRadioField) as typeof IntakeRadioField;
