import { memo } from 'react';
import type { FieldValue } from '../../../../domain/intake/types';
import { SelectField, type SelectOption } from '../../../components/SelectField';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

/** The choices with more than two options (tab 1's SSN Status). */
export type SelectChoicePath = 'personalInformation.status';

export interface IntakeSelectProps<P extends SelectChoicePath> {
  path: P;
  label: string;
  options: readonly SelectOption<NonNullable<FieldValue<P>>>[];
  required?: RequiredWhen;
  span?: CellSpan;
}

function IntakeSelectField<P extends SelectChoicePath>({ path, label, options, required, span }: IntakeSelectProps<P>) {
  const field = useIntakeField<SelectChoicePath>(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <SelectField<string>
        label={label}
        options={options}
        value={field.value ?? ''}
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

export const IntakeSelect = memo(IntakeSelectField) as typeof IntakeSelectField;
