import { useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { TEXT_AREA_DEFAULT_LIMIT } from '../../../domain/constants';
import * as css from '../TextInput/field.css';
import { CharacterCounter, cutToLimit, describedBy, FieldError, FieldLabel, useFieldIds } from '../TextInput/FieldParts';

export { TEXT_AREA_DEFAULT_LIMIT };

/** docs/product/intake-form.md / docs/product/intake-form.md: newlines are removed from the text area's value. */
export function removeNewlines(text: string): string {
  return text.replace(/[\r\n]+/g, '');
}

export interface TextAreaProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  /** Defaults to 180 characters (docs/product/app-shell.md). */
  maxLength?: number;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
  rows?: number;
  hideLabel?: boolean;
  id?: string;
}

export function TextArea({
  label,
  value,
  onChange,
  required = false,
  error,
  maxLength = TEXT_AREA_DEFAULT_LIMIT,
  disabled = false,
  placeholder,
  name,
  rows = 3,
  hideLabel = false,
  id,
}: TextAreaProps) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const caretAfterPaste = useRef<number | null>(null);

  // A controlled value set from a paste puts the caret at the end in some browsers; put it back
  // right after the pasted text, where the person expects to keep typing.
  useLayoutEffect(() => {
    const element = textArea.current;
    if (element && caretAfterPaste.current !== null && document.activeElement === element) {
      element.setSelectionRange(caretAfterPaste.current, caretAfterPaste.current);
    }
    caretAfterPaste.current = null;
  }, [value]);

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    onChange(cutToLimit(removeNewlines(event.currentTarget.value), maxLength));
  }

  // Enter would insert a newline, which the field does not keep (docs/product/app-shell.md).
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter') event.preventDefault();
  }

  // Pasted text loses its newlines before the limit is applied, so a pasted paragraph fills the
  // room with its words rather than being cut early by line breaks the field never keeps.
  function handlePaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const start = element.selectionStart;
    const end = element.selectionEnd;
    const room = Math.max(0, maxLength - (value.length - (end - start)));
    const inserted = removeNewlines(event.clipboardData.getData('text')).slice(0, room);
    caretAfterPaste.current = start + inserted.length;
    onChange(value.slice(0, start) + inserted + value.slice(end));
  }

  return (
    <div className={css.field}>
      <FieldLabel ids={ids} required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <textarea
        ref={textArea}
        id={ids.control}
        className={css.control({ invalid: hasError, multiline: true })}
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onPaste={handlePaste}
        name={name}
        rows={rows}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(ids, hasError, !disabled)}
        maxLength={maxLength}
      />
      {/* A disabled field takes no typing, so nothing remains to count (a read-only intake shows none). */}
      {!disabled && <CharacterCounter id={ids.counter} limit={maxLength} length={value.length} />}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
