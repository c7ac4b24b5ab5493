import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});

export const fields = style({ fontSize: vars.font.sizeSm, wordBreak: 'break-word' });
