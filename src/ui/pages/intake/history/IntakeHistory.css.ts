import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

// Its button is one of the row above the tabs (intakeForm.css.ts toolbar).
export const bar = style({ display: 'contents' });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  padding: `${vars.space.sm} 0`,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
});

export const what = style({ margin: 0, fontWeight: vars.font.weightBold });

export const change = style({ margin: 0 });

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
