import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
  font: vars.font.body,
  color: vars.color.text,
});

export const checkboxDisabled = style({ color: vars.color.textMuted, cursor: 'not-allowed' });

export const box = style({
  width: vars.space.md,
  height: vars.space.md,
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.brand,
  cursor: 'inherit',
  selectors: { '&:focus-visible': focusRing },
});

export const items = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(${vars.size.optionColumn}, 1fr))`,
  gap: vars.space.sm,
});

/** A box with a note under it (the intake form's 'From client'). */
export const noted = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const selectAll = style({
  paddingBottom: vars.space.xs,
  marginBottom: vars.space.xs,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  fontWeight: vars.font.weightBold,
});
