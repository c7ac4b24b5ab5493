import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

// The not-found, load-error and route-error screens share one centred, quiet layout.

export const centred = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '70vh',
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.text,
});

export const code = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  color: vars.color.brand,
});

export const title = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  lineHeight: 1.2,
});

export const text = style({
  maxWidth: '36rem',
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  marginTop: vars.space.sm,
});

export const link = style({
  color: vars.color.brand,
  fontWeight: vars.font.weightBold,
  selectors: { '&:hover': { color: vars.color.brandHover } },
});
