import { useId, type ReactNode } from 'react';
import * as css from './field.css';

/** docs/product/intake-form.md / docs/product/intake-form.md: the exact counter text under a limited field. */
export function charactersRemaining(remaining: number): string {
  return `${remaining} characters remaining`;
}

/** Input beyond a limit is cut (docs/product/intake-form.md "Text limits"). */
export function cutToLimit(value: string, limit: number | undefined): string {
  return limit === undefined ? value : value.slice(0, limit);
}

export interface FieldIds {
  control: string;
  label: string;
  error: string;
  counter: string;
}

export function useFieldIds(explicitId?: string): FieldIds {
  const generated = useId();
  const base = explicitId ?? generated;
  return { control: base, label: `${base}-label`, error: `${base}-error`, counter: `${base}-counter` };
}

/** The ids a control should list in aria-describedby: its error first, then its counter. */
export function describedBy(ids: FieldIds, hasError: boolean, hasCounter: boolean): string | undefined {
  const parts = [hasError ? ids.error : null, hasCounter ? ids.counter : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export function RequiredMark() {
  // The asterisk is visual; the control itself carries aria-required, so screen readers hear
  // "required" once instead of "star".
  return (
    <span className={css.requiredMark} aria-hidden="true" data-required-mark="">
      *
    </span>
  );
}

interface FieldLabelProps {
  ids: FieldIds;
  required?: boolean;
  hidden?: boolean;
  children: ReactNode;
}

export function FieldLabel({ ids, required, hidden, children }: FieldLabelProps) {
  return (
    <label id={ids.label} htmlFor={ids.control} className={hidden ? css.visuallyHidden : css.label}>
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

/** Error text under a field; role="alert" so it is announced when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={css.errorText}>
      {message}
    </p>
  );
}

export function CharacterCounter({ id, limit, length }: { id: string; limit: number; length: number }) {
  return (
    <p id={id} className={css.counter}>
      {charactersRemaining(Math.max(0, limit - length))}
    </p>
  );
}
