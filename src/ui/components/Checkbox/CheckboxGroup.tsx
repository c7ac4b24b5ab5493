import type { ReactNode } from 'react';
import * as field from '../TextInput/field.css';
import { FieldError, RequiredMark, useFieldIds } from '../TextInput/FieldParts';
import { Checkbox } from './Checkbox';
import * as css from './Checkbox.css';

export const SELECT_ALL_LABEL = 'Select All';

export interface CheckboxItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Shown under the box, outside its label (so the box's accessible name stays its label). */
  note?: ReactNode;
}

/**
 * docs/product/intake-form.md tab 7: Select All shows ticked only when the group is non-empty and every item
 * in it is ticked.
 */
export function isEveryItemChecked<K extends string>(keys: readonly K[], values: Partial<Record<K, boolean>>): boolean {
  return keys.length > 0 && keys.every((key) => values[key] === true);
}

/** The change that ticking (or clearing) Select All makes: every item of the group at once. */
export function setEveryItem<K extends string>(keys: readonly K[], checked: boolean): Partial<Record<K, boolean>> {
  const changes: Partial<Record<K, boolean>> = {};
  for (const key of keys) changes[key] = checked;
  return changes;
}

export interface CheckboxGroupProps<K extends string> {
  legend: ReactNode;
  items: readonly CheckboxItem<K>[];
  values: Partial<Record<K, boolean>>;
  /**
   * Receives only what changed: one key for one box, every key for Select All, so a machine gets
   * one event for a Select All instead of one per item.
   */
  onChange: (changes: Partial<Record<K, boolean>>) => void;
  /** Adds the 'Select All' box (docs/product/intake-form.md, tabs 4 and 7). */
  selectAll?: boolean;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  hideLegend?: boolean;
  id?: string;
}

export function CheckboxGroup<K extends string>({
  legend,
  items,
  values,
  onChange,
  selectAll = false,
  required = false,
  error,
  disabled = false,
  hideLegend = false,
  id,
}: CheckboxGroupProps<K>) {
  const ids = useFieldIds(id);
  const keys = items.map((item) => item.key);
  const hasError = Boolean(error);

  return (
    <fieldset
      className={field.fieldset}
      aria-describedby={hasError ? ids.error : undefined}
      aria-invalid={hasError || undefined}
      disabled={disabled}
    >
      <legend id={ids.label} className={hideLegend ? field.visuallyHidden : field.legend}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {selectAll && (
        <Checkbox
          className={css.selectAll}
          label={SELECT_ALL_LABEL}
          checked={isEveryItemChecked(keys, values)}
          onChange={(checked) => onChange(setEveryItem(keys, checked))}
          // An empty group has nothing to select; the box stays unticked (docs/product/intake-form.md tab 7).
          disabled={disabled || keys.length === 0}
        />
      )}
      <div className={css.items}>
        {items.map((item) => {
          const box = (
            <Checkbox
              key={item.key}
              label={item.label}
              checked={values[item.key] === true}
              onChange={(checked) => onChange(setEveryItem([item.key], checked))}
              disabled={disabled}
            />
          );
          return item.note === undefined ? (
            box
          ) : (
            <span key={item.key} className={css.noted}>
              {box}
              {item.note}
            </span>
          );
        })}
      </div>
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}
