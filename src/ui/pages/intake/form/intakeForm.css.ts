import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../../theme/vars.css';

export const panel = style({
  marginTop: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { [smallScreen]: { padding: vars.space.md } },
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

export const buttonGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.text,
});

export const warning = style([
  notice,
  {
    background: vars.color.dangerSoft,
    color: vars.color.danger,
  },
]);

export const status = style({
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
});
