import type { ChangeEvent, FocusEventHandler, HTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import * as css from './field.css';
import { CharacterCounter, cutToLimit, describedBy, FieldError, FieldLabel, useFieldIds } from './FieldParts';

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shows a red asterisk and sets aria-required (docs/product/app-shell.md "Shared form pieces"). */
  required?: boolean;
  /** Red text under the field, red border, aria-invalid. */
  error?: string;
  /** Longer input is cut, and 'N characters remaining' is shown while enabled (docs/product/intake-form.md "Text limits"). */
  maxLength?: number;
  disabled?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password' | 'search' | 'url' | 'number';
  placeholder?: string;
  name?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Applied to every change before the limit, e.g. the SSN 3-2-4 grouping (docs/product/people.md). */
  format?: (value: string) => string;
  /** Keeps the label for screen readers only, for controls whose purpose the layout shows. */
  hideLabel?: boolean;
  id?: string;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  min?: InputHTMLAttributes<HTMLInputElement>['min'];
}

export function TextInput({
  label,
  value,
  onChange,
  required = false,
  error,
  maxLength,
  disabled = false,
  type = 'text',
  placeholder,
  name,
  autoComplete,
  inputMode,
  format,
  hideLabel = false,
  id,
  onBlur,
  min,
}: TextInputProps) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  // A disabled field takes no typing, so nothing remains to count (a read-only intake shows none).
  const hasCounter = maxLength !== undefined && !disabled;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.currentTarget.value;
    onChange(cutToLimit(format ? format(raw) : raw, maxLength));
  }

  return (
    <div className={css.field}>
      <FieldLabel ids={ids} required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <input
        id={ids.control}
        className={css.control({ invalid: hasError })}
        type={type}
        value={value}
        onChange={handleChange}
        onBlur={onBlur}
        name={name}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        min={min}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(ids, hasError, hasCounter)}
        // The browser's own limit stops typing and pasting at the limit without moving the caret.
        // A formatter changes the length after the keystroke (dashes), so then only the cut in
        // handleChange applies, on the formatted text the limit is written for.
        maxLength={format ? undefined : maxLength}
      />
      {hasCounter && <CharacterCounter id={ids.counter} limit={maxLength} length={value.length} />}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
