import { memo } from 'react';
import { isTextArea, textLimit, type TextPath } from '../../../../domain/intake/limits';
import { TextInput, type TextInputProps } from '../../../components/TextInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { fieldLabelText } from './fieldLabelText';
import { IntakeTextArea } from './IntakeTextArea';
import { useRequired, type RequiredWhen } from './requiredWhen';
import { FromClientMark } from '../clientLink/FromClientMark';

export interface IntakeTextFieldProps {
  path: TextPath;
  /** The accessible name; also the visible label unless `shownLabel` is given. */
  label: string;
  shownLabel?: string;
  required?: RequiredWhen;
  type?: 'text' | 'email' | 'tel';
  span?: CellSpan;
}

/**
 * One free-text field of the intake. Every text has a limit (docs/product/intake-form.md 'Text limits'), so
 * every one shows 'N characters remaining'; the paths the domain makes text areas render as one.
 */
export const IntakeTextField = memo(function IntakeTextField(props: IntakeTextFieldProps) {
  const { path } = props;
  if (isTextArea(path)) return <IntakeTextArea {...props} path={path} />;
  return <BoundTextInput {...props} />;
});

const inputModes: Record<NonNullable<IntakeTextFieldProps['type']>, TextInputProps['inputMode']> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
};

function BoundTextInput({ path, label, shownLabel, required, type = 'text', span }: IntakeTextFieldProps) {
  const field = useIntakeField(path);
  const isRequired = useRequired(required);
  return (
    <div className={cell({ span })}>
      <TextInput
        label={fieldLabelText(label, shownLabel)}
        value={field.value}
        onChange={field.onChange}
        maxLength={textLimit(path)}
        required={isRequired}
        error={field.error}
        disabled={field.disabled}
        type={type}
        inputMode={inputModes[type]}
        name={path}
      />
      <FromClientMark path={path} />
    </div>
  );
}
