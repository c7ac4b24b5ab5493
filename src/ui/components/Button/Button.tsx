import type { ButtonHTMLAttributes, ReactNode } from 'react';
import * as css from './Button.css';

/** docs/product/app-shell.md "Shared form pieces": the text a loading button shows. */
export const BUTTON_LOADING_TEXT = 'Loading...';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  tone?: css.ButtonVariants['tone'];
  size?: css.ButtonVariants['size'];
  fullWidth?: boolean;
  /** Shows a spinner and 'Loading...' and disables the button (docs/product/app-shell.md). */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  tone = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  disabled = false,
  // A button inside a form would otherwise submit it; submit buttons say so explicitly.
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={css.button({ tone, size, fullWidth })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? (
        <>
          <span className={css.spinner} aria-hidden="true" data-testid="button-spinner" />
          {BUTTON_LOADING_TEXT}
        </>
      ) : (
        children
      )}
    </button>
  );
}
