import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});

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

export const blockTitle = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.md,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.md,
});

export const term = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
  color: vars.color.text,
});

export const message = style({
  color: vars.color.textMuted,
  marginBottom: vars.space.md,
});
