import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

// docs/product/app-shell.md: a fixed-width sidebar on large screens; under the small-screen
// breakpoint the sidebar becomes a drawer that slides in (300 ms, vars.motion.drawer) from a menu
// button in a top bar titled 'Dashboard'.

// The sidebar itself is one screen high and sticks to the top while the page scrolls; its column
// is painted dark below it, so on a long page the dark band runs the full height.
export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.sidebarWidth} minmax(0, 1fr)`,
  minHeight: '100vh',
  background: `linear-gradient(to right, ${vars.color.sidebar} ${vars.size.sidebarWidth}, ${vars.color.surfaceMuted} ${vars.size.sidebarWidth})`,
  '@media': {
    [smallScreen]: {
      display: 'block',
      paddingTop: vars.size.topBarHeight,
      background: vars.color.surfaceMuted,
    },
  },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: vars.space.sm,
  zIndex: vars.zIndex.modal,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: vars.font.weightBold,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const topBar = style({
  display: 'none',
  '@media': {
    [smallScreen]: {
      position: 'fixed',
      top: 0,
      left: 0,
      right: 0,
      zIndex: vars.zIndex.drawer,
      display: 'flex',
      alignItems: 'center',
      gap: vars.space.sm,
      height: vars.size.topBarHeight,
      padding: `0 ${vars.space.sm}`,
      background: vars.color.sidebar,
      color: vars.color.sidebarText,
    },
  },
});

export const topBarTitle = style({
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.control,
  height: vars.size.control,
  padding: 0,
  border: `${vars.border.thin} solid transparent`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.sidebarText,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.sidebarText } },
});

export const closeButton = style([
  iconButton,
  {
    display: 'none',
    marginLeft: 'auto',
    '@media': { [smallScreen]: { display: 'inline-flex' } },
  },
]);

export const backdrop = style({
  display: 'none',
  '@media': {
    [smallScreen]: {
      display: 'block',
      position: 'fixed',
      inset: 0,
      zIndex: vars.zIndex.drawer,
      background: vars.color.overlay,
    },
  },
});

export const sidebar = style({
  position: 'sticky',
  top: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: vars.size.sidebarWidth,
  height: '100vh',
  padding: vars.space.md,
  overflowY: 'auto',
  background: vars.color.sidebar,
  color: vars.color.sidebarText,
  '@media': {
    [smallScreen]: {
      position: 'fixed',
      left: 0,
      bottom: 0,
      zIndex: vars.zIndex.drawer,
      maxWidth: '85vw',
      boxShadow: vars.shadow.dialog,
      // A closed drawer is off screen and hidden, so keyboard and screen-reader users do not land
      // in links they cannot see; visibility switches at the end of the slide when closing.
      transform: 'translateX(-100%)',
      visibility: 'hidden',
      transition: `transform ${vars.motion.drawer}, visibility ${vars.motion.drawer}`,
      selectors: {
        '&[data-open="true"]': { transform: 'none', visibility: 'visible' },
      },
    },
  },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.sidebarText,
  textDecoration: 'none',
  fontWeight: vars.font.weightBold,
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    // The highlighted entry: the link for the screen the user is on.
    '&[aria-current]': { background: vars.color.sidebarActive, color: vars.color.onBrand },
  },
});

export const signOut = style({
  marginTop: 'auto',
  width: '100%',
  minHeight: vars.size.control,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `${vars.border.thin} solid ${vars.color.sidebarText}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.sidebarText,
  font: vars.font.body,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.sidebarActive, color: vars.color.onBrand } },
});

export const main = style({
  minWidth: 0,
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  padding: vars.space.xl,
  outline: 'none',
  '@media': { [smallScreen]: { padding: vars.space.md } },
});
