import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
