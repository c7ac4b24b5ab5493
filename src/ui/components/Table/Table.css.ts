import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

// Narrow screens scroll the table sideways instead of squeezing its columns.
export const wrapper = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  font: vars.font.body,
  color: vars.color.text,
});

export const caption = style({
  textAlign: 'left',
  padding: vars.space.md,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeLg,
});

export const headerCell = style({
  textAlign: 'left',
  verticalAlign: 'bottom',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  whiteSpace: 'nowrap',
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const actionCell = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);

export const row = style({});

export const clickableRow = style({
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    // The row itself takes focus; the ring sits inside so the wrapper's overflow does not clip it.
    '&:focus-visible': { ...focusRing, outlineOffset: `calc(-1 * ${vars.border.thick})` },
  },
});

export const messageCell = style([cell, { textAlign: 'center', padding: vars.space.xl, color: vars.color.textMuted }]);

export const actionButton = style({
  background: 'transparent',
  border: `${vars.border.thin} solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.brand,
  font: vars.font.body,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brand, color: vars.color.onBrand },
    '&:focus-visible': focusRing,
  },
});
