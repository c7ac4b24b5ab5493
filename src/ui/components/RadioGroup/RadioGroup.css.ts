import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

export const options = recipe({
  base: { display: 'flex', gap: vars.space.sm },
  variants: {
    direction: {
      row: { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space.lg },
      column: { flexDirection: 'column' },
    },
  },
  defaultVariants: { direction: 'row' },
});

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
  font: vars.font.body,
  color: vars.color.text,
});

export const optionDisabled = style({ color: vars.color.textMuted, cursor: 'not-allowed' });

export const radio = style({
  width: vars.space.md,
  height: vars.space.md,
  margin: 0,
  accentColor: vars.color.brand,
  cursor: 'inherit',
  selectors: { '&:focus-visible': focusRing },
});

// A group with an error gets the same red frame as a text field with an error.
export const invalidOptions = style({
  outline: `${vars.border.thin} solid ${vars.color.danger}`,
  outlineOffset: vars.space.xs,
  borderRadius: vars.radius.sm,
});
