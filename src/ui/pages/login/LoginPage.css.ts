import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

// docs/product/sign-in-and-session.md, Login screen: a building picture beside the form on large screens, a band
// of it above the form on small ones.

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  minHeight: '100vh',
  background: vars.color.surface,
  '@media': {
    [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto 1fr' },
  },
});

export const picture = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  background: vars.color.sidebar,
  '@media': { [smallScreen]: { height: '10rem' } },
});

export const panel = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  '@media': { [smallScreen]: { alignItems: 'flex-start', padding: vars.space.lg } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: '24rem',
});

export const heading = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  lineHeight: 1.2,
  color: vars.color.text,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const forgot = style({
  alignSelf: 'flex-end',
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  color: vars.color.brand,
  selectors: { '&:hover': { color: vars.color.brandHover } },
});

// docs/product/sign-in-and-session.md: the red text below the form after any login failure.
export const loginError = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: vars.font.weightBold,
});
