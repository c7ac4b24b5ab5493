import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';

// Styles shared by every labelled form control (text input, text area, select, date, radio and
// checkbox groups) so that a label, a required marker and an error read the same everywhere.

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  font: vars.font.body,
  color: vars.color.text,
});

export const label = style({
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

/** Visually hidden but read by screen readers (a label that the layout shows another way). */
export const visuallyHidden = style({
  position: 'absolute',
  width: vars.border.thin,
  height: vars.border.thin,
  padding: 0,
  margin: `calc(-1 * ${vars.border.thin})`,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

// docs/product/app-shell.md "Shared form pieces": a red asterisk on required labels.
export const requiredMark = style({
  color: vars.color.danger,
  marginLeft: vars.space.xs,
});

// docs/product/intake-form.md / docs/product/intake-form.md: red error text under the field.
export const errorText = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.danger,
});

export const counter = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const focusRing = {
  outline: `${vars.border.thick} solid ${vars.color.focus}`,
  outlineOffset: vars.border.thick,
} as const;

/** The box of a text-like control; `invalid` gives the red border of a field with an error. */
export const control = recipe({
  base: {
    width: '100%',
    minHeight: vars.size.control,
    padding: `${vars.space.sm} ${vars.space.sm}`,
    border: `${vars.border.thin} solid ${vars.color.border}`,
    borderRadius: vars.radius.sm,
    background: vars.color.surface,
    color: vars.color.text,
    font: vars.font.body,
    boxSizing: 'border-box',
    selectors: {
      '&:focus-visible': focusRing,
      // docs/product/app-shell.md: greyed and not editable when disabled.
      '&:disabled': {
        background: vars.color.surfaceDisabled,
        color: vars.color.textMuted,
        cursor: 'not-allowed',
      },
      '&::placeholder': { color: vars.color.textMuted },
    },
  },
  variants: {
    invalid: {
      true: { borderColor: vars.color.danger, borderWidth: vars.border.thick },
      false: {},
    },
    multiline: {
      true: { resize: 'vertical', minHeight: `calc(${vars.size.control} * 2)` },
      false: {},
    },
  },
  defaultVariants: { invalid: false, multiline: false },
});

/** A fieldset that groups radios or checkboxes without the browser's default frame. */
export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const legend = style([label, { padding: 0, marginBottom: vars.space.xs }]);
