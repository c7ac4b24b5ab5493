import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

/** The embedded document frame: the modal's body, the overlay's reference box. */
export const frame = style({
  position: 'relative',
  // The overlay's z-index counts inside the frame only, above whatever the viewer stacks.
  isolation: 'isolate',
  height: '100%',
  overflow: 'hidden',
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
});

/** docs/product/pdf.md: transparent, over the top 10% of the preview, for a draft. */
export const draftOverlay = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: '10%',
  zIndex: vars.zIndex.overlay,
  background: 'transparent',
});

export const message = style({
  margin: 0,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
});
