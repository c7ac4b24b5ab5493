// The signing page's own parts (SigningPage.tsx) beside the client page's styles it shares
// (src/ui/clientIntake/clientIntake.css.ts): the document's text, the typed signature's preview.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

export const documentText = style({
  display: 'grid',
  gap: vars.space.sm,
  maxHeight: '60vh',
  overflowY: 'auto',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const paragraph = style({ margin: 0, whiteSpace: 'pre-wrap' });

export const typed = style({
  minHeight: '64px',
  display: 'flex',
  alignItems: 'center',
  padding: vars.space.sm,
  borderBottom: `${vars.border.thick} solid ${vars.color.text}`,
  fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive',
  fontSize: vars.font.sizeXl,
  overflowWrap: 'anywhere',
});

export const list = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.sm });

export const download = style({
  textAlign: 'center',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const subtitle = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: vars.font.weightBold });
