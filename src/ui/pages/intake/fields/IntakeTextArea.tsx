import { memo } from 'react';
import { fieldRule, type TextPath } from '../../../../domain/intake/fields';
import { TextArea } from '../../../components/TextArea';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { fieldLabelText } from './fieldLabelText';
import { FieldMarks } from './FieldMarks';

export interface IntakeTextAreaProps {
  path: TextPath;
  span?: CellSpan;
}

/**
 * A multi-line field (docs/product/intake-form.md#limits): newlines stripped, Enter blocked, input
 * cut at the limit and '{n} characters remaining' shown, all by the shared TextArea.
 */
export const IntakeTextArea = memo(function IntakeTextArea({ path, span = 'full' }: IntakeTextAreaProps) {
  const field = useIntakeField(path);
  const rule = fieldRule(path);
  return (
    <div className={cell({ span })}>
      <TextArea
        label={fieldLabelText(rule.label, rule.shownLabel)}
        value={field.value}
        onChange={field.onChange}
        maxLength={rule.maxLength}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FieldMarks path={path} />
    </div>
  );
});
