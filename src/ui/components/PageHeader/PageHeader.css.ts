import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const title = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  lineHeight: 1.2,
  color: vars.color.text,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
