// The signature pad (SignaturePad.tsx): a wide box on a phone, a line to sign on, no scrolling
// while a finger draws on it.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const pad = style({ display: 'grid', gap: vars.space.sm });

export const canvas = style({
  display: 'block',
  width: '100%',
  height: '180px',
  border: `${vars.border.thick} dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  // The finger draws; the page does not scroll or zoom under it.
  touchAction: 'none',
  cursor: 'crosshair',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const row = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
