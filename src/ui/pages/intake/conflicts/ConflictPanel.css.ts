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

export const heading = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: vars.font.weightBold });

export const summary = style({ margin: `${vars.space.sm} 0`, fontWeight: vars.font.weightBold });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  padding: `${vars.space.sm} 0`,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const line = style({ margin: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const decision = style({ margin: `${vars.space.sm} 0`, overflowWrap: 'anywhere' });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.sm });

export const error = style({ margin: `${vars.space.sm} 0`, color: vars.color.danger });
