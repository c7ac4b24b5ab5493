import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from './vars.css';

// The page sections the staff screens share (profile, firm, lead and employee forms): one place,
// so a card or a form grid looks the same on every screen.

/** A raised surface holding a form. */
export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

/** A panel in a stack of panels (profile and firm blocks). */
export const card = style([panel, { marginBottom: vars.space.lg }]);

/** A card's heading. */
export const sectionTitle = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  marginBottom: vars.space.md,
});

/** Form fields two by two, one column on a small screen. */
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.md} ${vars.space.lg}`,
  '@media': { [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** A form's buttons, on the right, wrapping when the screen is narrow. */
export const formButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

/** A loading or failure line standing in for a page's content. */
export const statusMessage = style({
  color: vars.color.textMuted,
  marginBottom: vars.space.md,
});

/** A detail list's label (`dt`). */
export const detailTerm = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

/** A detail list's value (`dd`). */
export const detailValue = style({
  margin: 0,
  color: vars.color.text,
});
