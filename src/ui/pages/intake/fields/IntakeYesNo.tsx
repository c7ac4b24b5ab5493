import { memo } from 'react';
import { RadioGroup, YES_NO_OPTIONS } from '../../../components/RadioGroup';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import type { YesNoPath } from './intakePaths';
import { fieldLabel } from '../../../../domain/intake/fields';
import { FieldMarks } from './FieldMarks';

export interface IntakeYesNoProps {
  path: YesNoPath;
  span?: CellSpan;
}

/**
 * A Yes/No question (docs/product/intake-form.md: exactly Yes and No). Nothing is checked while unanswered
 * (null). Answering No may clear other fields: the domain's applyChange does it in the machine.
 */
export const IntakeYesNo = memo(function IntakeYesNo({ path, span }: IntakeYesNoProps) {
  const field = useIntakeField(path);
  return (
    <div className={cell({ span })}>
      <RadioGroup<boolean>
        label={fieldLabel(path)}
        options={YES_NO_OPTIONS}
        value={field.value}
        onChange={field.onChange}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FieldMarks path={path} />
    </div>
  );
});
