import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

export const form = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

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
