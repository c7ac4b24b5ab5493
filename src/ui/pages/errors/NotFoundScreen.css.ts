import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const screen = style({
  minHeight: '100vh',
  background: vars.color.surface,
});
