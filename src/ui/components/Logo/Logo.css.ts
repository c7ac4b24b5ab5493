import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const logo = style({ flexShrink: 0 });

export const tile = style({ fill: vars.color.brand });

export const solid = style({ fill: vars.color.onBrand });

export const line = style({
  fill: 'none',
  stroke: vars.color.onBrand,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
