import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});

export const blockTitle = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.md,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const term = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const status = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
});

export const connected = style([status, { background: vars.color.brandSoft, color: vars.color.brandHover }]);
export const notConnected = style([status, { background: vars.color.surfaceMuted, color: vars.color.textMuted }]);

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.md} ${vars.space.lg}`,
  '@media': { [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

export const message = style({
  color: vars.color.textMuted,
  marginBottom: vars.space.md,
});
