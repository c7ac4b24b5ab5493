import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const refusal = style({
  marginTop: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const buttons = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

// docs/product/leads.md: the dialog's list scrolls at about 15rem height.
export const duplicateList = style({
  maxHeight: vars.size.dialogListHeight,
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const duplicate = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  selectors: { '& + &': { borderTop: `${vars.border.thin} solid ${vars.color.border}` } },
});

export const duplicateName = style({
  fontWeight: vars.font.weightBold,
});

export const duplicateDetail = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const question = style({
  marginTop: vars.space.md,
});

export const intakeStatus = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  background: vars.color.surfaceMuted,
  fontSize: vars.font.sizeSm,
});
