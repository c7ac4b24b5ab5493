import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../../theme/vars.css';

export const panel = style({
  marginTop: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { [smallScreen]: { padding: vars.space.md } },
});

// Stuck to the bottom of the window while the tab scrolls under it (docs/product/intake-form.md, Button bar).
export const buttons = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderTop: `${vars.border.thin} solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': { [smallScreen]: { padding: vars.space.sm } },
});

/** How many fields need attention: a line of its own above the buttons, empty (and taking no room) otherwise. */
export const attention = style({
  flexBasis: '100%',
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.font.weightBold,
  selectors: { '&:empty': { display: 'none' } },
});

/** History, send to client and the PDF buttons above the tabs: one row, wrapping only on a phone. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const buttonGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.text,
});

export const warning = style([
  notice,
  {
    background: vars.color.dangerSoft,
    color: vars.color.danger,
  },
]);

export const status = style({
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
});
