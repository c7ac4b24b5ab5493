import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const tile = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const tileValue = style({
  margin: 0,
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const charts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': { [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const figure = style({ margin: 0 });

export const chartArea = style({ width: '100%', height: '260px' });
