import { memo } from 'react';
import { fieldRule, type TextPath, type TextRule } from '../../../../domain/intake/fields';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { fieldLabelText } from './fieldLabelText';
import { IntakeTextArea } from './IntakeTextArea';
import { FieldMarks } from './FieldMarks';

export interface IntakeTextFieldProps {
  path: TextPath;
  span?: CellSpan;
}

/**
 * One free-text field of the intake, as its catalogue entry says (label, limit, kind). Every text
 * has a limit (docs/product/intake-form.md#limits), so every one shows 'N characters remaining';
 * the catalogue's text areas render as one.
 */
export const IntakeTextField = memo(function IntakeTextField(props: IntakeTextFieldProps) {
  if (fieldRule(props.path).kind === 'textArea') return <IntakeTextArea {...props} />;
  return <BoundTextInput {...props} />;
});

const inputTypes = { text: 'text', phone: 'tel', email: 'email', ssn: 'text', textArea: 'text' } as const satisfies Record<
  TextRule['kind'],
  'text' | 'tel' | 'email'
>;

function BoundTextInput({ path, span }: IntakeTextFieldProps) {
  const field = useIntakeField(path);
  const rule = fieldRule(path);
  const type = inputTypes[rule.kind];
  return (
    <div className={cell({ span })}>
      <TextInput
        label={fieldLabelText(rule.label, rule.shownLabel)}
        value={field.value}
        onChange={field.onChange}
        maxLength={rule.maxLength}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        type={type}
        inputMode={type}
        name={path}
      />
      <FieldMarks path={path} />
    </div>
  );
}
