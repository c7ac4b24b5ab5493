import type { ReactNode } from 'react';
import * as field from '../TextInput/field.css';
import { FieldError, RequiredMark, useFieldIds } from '../TextInput/FieldParts';
import * as css from './RadioGroup.css';

export interface RadioOption<T extends string | boolean> {
  value: T;
  label: ReactNode;
}

/** docs/product/intake-form.md: Yes/No options are exactly Yes and No; answers are held as booleans. */
export const YES_NO_OPTIONS: readonly RadioOption<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export interface RadioGroupProps<T extends string | boolean> {
  label: ReactNode;
  options: readonly RadioOption<T>[];
  /** null means unanswered: nothing is checked (docs/product/intake-form.md, Yes/No fields). */
  value: T | null;
  onChange: (value: T) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  name?: string;
  direction?: 'row' | 'column';
  id?: string;
}

export function RadioGroup<T extends string | boolean>({
  label,
  options,
  value,
  onChange,
  required = false,
  error,
  disabled = false,
  name,
  direction = 'row',
  id,
}: RadioGroupProps<T>) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  const groupName = name ?? ids.control;

  return (
    <fieldset
      className={field.fieldset}
      // radiogroup (allowed on fieldset) is the role that carries aria-required and aria-invalid.
      role="radiogroup"
      aria-labelledby={ids.label}
      aria-required={required || undefined}
      aria-invalid={hasError || undefined}
      aria-describedby={hasError ? ids.error : undefined}
      disabled={disabled}
    >
      <legend id={ids.label} className={field.legend}>
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className={[css.options({ direction }), hasError ? css.invalidOptions : ''].join(' ')}>
        {options.map((option) => {
          const optionId = `${ids.control}-${String(option.value)}`;
          return (
            <label key={String(option.value)} htmlFor={optionId} className={disabled ? `${css.option} ${css.optionDisabled}` : css.option}>
              <input
                id={optionId}
                className={css.radio}
                type="radio"
                name={groupName}
                // Booleans become 'true'/'false' here only as the DOM's value; the handler passes
                // the option's own typed value back.
                value={String(option.value)}
                checked={value !== null && option.value === value}
                onChange={() => onChange(option.value)}
                disabled={disabled}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}
