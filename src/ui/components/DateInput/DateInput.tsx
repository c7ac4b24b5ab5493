import type { ReactNode } from 'react';
import * as field from '../TextInput/field.css';
import { describedBy, FieldError, FieldLabel, useFieldIds } from '../TextInput/FieldParts';
import * as css from './DateInput.css';

export interface DateInputProps {
  label: ReactNode;
  /** 'YYYY-MM-DD' or '' (docs/product/intake-form.md: dates are held as YYYY-MM-DD in the form). */
  value: string;
  onChange: (value: string) => void;
  /** Latest choosable day as 'YYYY-MM-DD', e.g. today for a birth date (docs/product/app-shell.md). */
  max?: string;
  min?: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  name?: string;
  id?: string;
}

export function DateInput({ label, value, onChange, max, min, required = false, error, disabled = false, name, id }: DateInputProps) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  return (
    <div className={field.field}>
      <FieldLabel ids={ids} required={required}>
        {label}
      </FieldLabel>
      <input
        id={ids.control}
        className={`${field.control({ invalid: hasError })} ${css.date}`}
        type="date"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        max={max}
        min={min}
        name={name}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(ids, hasError, false)}
      />
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
