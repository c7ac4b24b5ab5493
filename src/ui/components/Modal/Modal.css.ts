import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
});

export const dialog = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    maxHeight: '100%',
    background: vars.color.surface,
    color: vars.color.text,
    font: vars.font.body,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.dialog,
    overflow: 'hidden',
    selectors: { '&:focus-visible': focusRing },
  },
  variants: {
    size: {
      md: { maxWidth: vars.size.dialogWidth },
      // The PDF preview needs room for a page.
      wide: { maxWidth: vars.size.dialogWidthWide, height: '100%' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: vars.space.lg,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `${vars.border.thin} solid ${vars.color.border}`,
});

export const close = style({
  minWidth: vars.size.control,
  minHeight: vars.size.control,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeLg,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&:focus-visible': focusRing,
  },
});
