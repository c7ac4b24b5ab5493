import { memo } from 'react';
import { textLimit, type TextAreaPath } from '../../../../domain/intake/limits';
import { TextArea } from '../../../components/TextArea';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { fieldLabelText } from './fieldLabelText';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

export interface IntakeTextAreaProps {
  path: TextAreaPath;
  /** The accessible name; also the visible label unless `shownLabel` is given. */
  label: string;
  shownLabel?: string;
  required?: RequiredWhen;
  span?: CellSpan;
}

/**
 * A multi-line field (docs/product/intake-form.md): newlines stripped, Enter blocked, input cut at the limit and
 * '{n} characters remaining' shown, all by the shared TextArea.
 */
export const IntakeTextArea = memo(function IntakeTextArea({ path, label, shownLabel, required, span = 'full' }: IntakeTextAreaProps) {
  const field = useIntakeField(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <TextArea
        label={fieldLabelText(label, shownLabel)}
        value={field.value}
        onChange={field.onChange}
        maxLength={textLimit(path)}
        required={isRequired}
        error={field.error}
        disabled={field.disabled}
        name={path}
      />
      <FromClientMark path={path} />
    </div>
  );
});
