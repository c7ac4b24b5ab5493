import type { ReactNode } from 'react';
import * as field from '../TextInput/field.css';
import { describedBy, FieldError, FieldLabel, useFieldIds } from '../TextInput/FieldParts';
import * as css from './SelectField.css';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string> {
  label: ReactNode;
  options: readonly SelectOption<T>[];
  /** '' means nothing chosen yet; the placeholder option shows then. */
  value: T | '';
  onChange: (value: T) => void;
  /** Text of an empty first option, shown while nothing is chosen. */
  placeholder?: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  name?: string;
  hideLabel?: boolean;
  /** Smaller, for a filter in a table header. */
  compact?: boolean;
  id?: string;
}

export function SelectField<T extends string>({
  label,
  options,
  value,
  onChange,
  placeholder,
  required = false,
  error,
  disabled = false,
  name,
  hideLabel = false,
  compact = false,
  id,
}: SelectFieldProps<T>) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  const byValue = new Map(options.map((option) => [option.value as string, option.value]));
  const showPlaceholder = placeholder !== undefined || value === '';

  return (
    <div className={field.field}>
      <FieldLabel ids={ids} required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <select
        id={ids.control}
        className={[field.control({ invalid: hasError }), css.select, compact ? css.compact : ''].join(' ')}
        value={value}
        onChange={(event) => {
          const chosen = byValue.get(event.currentTarget.value);
          if (chosen !== undefined) onChange(chosen);
        }}
        name={name}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(ids, hasError, false)}
      >
        {showPlaceholder && (
          // Once something is chosen the empty choice cannot be picked again.
          <option value="" disabled={value !== ''}>
            {placeholder ?? ''}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
