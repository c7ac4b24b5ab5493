import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const name = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const privilege = style({
  display: 'inline-block',
  marginTop: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  background: vars.color.brandSoft,
  color: vars.color.brandHover,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
});

export const contact = style({
  marginTop: vars.space.sm,
  color: vars.color.textMuted,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.md,
});
