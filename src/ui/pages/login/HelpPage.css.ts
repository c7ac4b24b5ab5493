import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const page = style({
  display: 'flex',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: vars.space.xl,
  background: vars.color.surface,
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: '40rem',
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
});

export const title = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  lineHeight: 1.2,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  // The anchor target of 'Forgot password?' or 'Contact support' is marked for the eye.
  selectors: { '&:target': { outline: `${vars.border.thick} solid ${vars.color.brand}` } },
});

export const sectionTitle = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const text = style({ color: vars.color.text });

export const link = style({
  color: vars.color.brand,
  fontWeight: vars.font.weightBold,
  selectors: { '&:hover': { color: vars.color.brandHover } },
});
