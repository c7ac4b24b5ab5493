import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

const marked = {
  fontWeight: vars.font.weightBold,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
} as const;

/** docs/product/intake-form.md#limitation-deadline: amber within 90 days, red within 30 or past. */
export const urgency = styleVariants({
  normal: { color: vars.color.text },
  soon: { ...marked, color: vars.color.warning, background: vars.color.warningSoft },
  urgent: { ...marked, color: vars.color.danger, background: vars.color.dangerSoft },
});
