import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const reveal = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});

export const failed = style({ color: vars.color.danger, fontSize: vars.font.sizeSm });
