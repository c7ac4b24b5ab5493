// The engagement's line on the intake form (EngagementPanel.tsx): its state beside its buttons,
// wrapping on a phone.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

export const panel = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const state = style({ fontWeight: vars.font.weightBold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** Why 'Send for signature' is disabled, on its own line. */
export const reason = style({ color: vars.color.textMuted, flexBasis: '100%', margin: 0 });

export const error = style({ color: vars.color.danger, flexBasis: '100%', margin: 0 });

export const address = style({ width: '100%', minWidth: 0 });
