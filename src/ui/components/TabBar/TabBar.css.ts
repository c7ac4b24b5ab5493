import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { smallScreen, vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

// docs/product/app-shell.md: on small screens the tab bar becomes a select. Both are rendered and the
// media query shows one; display:none also takes the hidden one out of the accessibility tree.
export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  '@media': { [smallScreen]: { display: 'none' } },
});

export const selectWrapper = style({
  display: 'none',
  '@media': { [smallScreen]: { display: 'flex', flexDirection: 'column', gap: vars.space.xs } },
});

export const tab = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    padding: `${vars.space.sm} ${vars.space.md}`,
    marginBottom: `calc(-1 * ${vars.border.thin})`,
    border: `${vars.border.thin} solid transparent`,
    borderBottom: `${vars.border.thick} solid transparent`,
    borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
    background: 'transparent',
    color: vars.color.textMuted,
    font: vars.font.body,
    fontSize: vars.font.sizeSm,
    fontWeight: vars.font.weightBold,
    textDecoration: 'none',
    cursor: 'pointer',
    selectors: {
      '&:hover': { color: vars.color.text, background: vars.color.surfaceMuted },
      '&:focus-visible': focusRing,
    },
  },
  variants: {
    selected: {
      true: { color: vars.color.brand, borderBottomColor: vars.color.brand, background: vars.color.surface },
      false: {},
    },
    invalid: {
      true: { color: vars.color.danger },
      false: {},
    },
  },
  defaultVariants: { selected: false, invalid: false },
});

export const errorMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.space.md,
  height: vars.space.md,
  borderRadius: vars.radius.round,
  background: vars.color.danger,
  color: vars.color.onBrand,
  fontSize: vars.font.sizeSm,
  lineHeight: 1,
});
