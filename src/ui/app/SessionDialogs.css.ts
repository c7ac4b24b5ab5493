import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// docs/product/sign-in-and-session.md, Sessions that end in the browser.

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const reason = style({ fontWeight: vars.font.weightBold, color: vars.color.text });

export const prompt = style({ color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

// The same red text as under the login form.
export const loginError = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: vars.font.weightBold,
});

// Bottom right, above the page and below a modal: it does not stop the work.
export const notice = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontWeight: vars.font.weightBold,
  boxShadow: '0 4px 16px rgba(15, 23, 42, 0.2)',
});
