import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const qr = style({
  width: '12rem',
  height: '12rem',
  alignSelf: 'flex-start',
  background: vars.color.surface,
});

export const secret = style({
  fontFamily: 'monospace',
  fontSize: vars.font.sizeLg,
  letterSpacing: '0.1em',
  wordBreak: 'break-all',
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, max-content)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  fontFamily: 'monospace',
  fontSize: vars.font.sizeLg,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
