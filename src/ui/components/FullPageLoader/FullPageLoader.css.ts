import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

// A full-page overlay (docs/product/app-shell.md: 'Please wait ...' while a lazy screen loads): fixed over
// the viewport so that it covers the layout too, above the drawer but below dialogs.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  background: vars.color.overlay,
  color: vars.color.onBrand,
  font: vars.font.body,
  fontSize: vars.font.sizeLg,
});

export const spinner = style({
  width: vars.space.xxl,
  height: vars.space.xxl,
  borderRadius: vars.radius.round,
  border: `${vars.space.xs} solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  animation: `${spin} ${vars.motion.spin}`,
});
