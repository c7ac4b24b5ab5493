// The engagement's part of the row above the intake form's tabs (EngagementPanel.tsx). The group
// draws no box of its own (`display: contents`): its state and button are items of that row, and
// why the button is refused, or an error, goes after every button on a line of its own, so that a
// long message never pushes 'History' and the PDF buttons onto a second row
// (docs/product/intake-form.md). On a phone the row wraps.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

export const panel = style({ display: 'contents' });

export const stateLine = style({ alignSelf: 'center' });

export const state = style({ fontWeight: vars.font.weightBold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

const ownLine = { flexBasis: '100%', order: 1, margin: 0, textAlign: 'end' } as const;

/** Why 'Send for signature' is disabled. */
export const reason = style({ ...ownLine, color: vars.color.textMuted });

export const error = style({ ...ownLine, color: vars.color.danger });

export const address = style({ width: '100%', minWidth: 0 });
