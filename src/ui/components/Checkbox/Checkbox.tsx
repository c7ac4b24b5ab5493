import type { ReactNode } from 'react';
import * as css from './Checkbox.css';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

export function Checkbox({ label, checked, onChange, disabled = false, name, id, className }: CheckboxProps) {
  const classes = [css.checkbox, disabled ? css.checkboxDisabled : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <label className={classes}>
      <input
        id={id}
        className={css.box}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
      />
      <span>{label}</span>
    </label>
  );
}
