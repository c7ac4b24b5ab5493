import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css';

/** Under a field both changed: their answer, then the two choices, wrapping on a phone. */
export const theirAnswer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  overflowWrap: 'anywhere',
});

export const choices = style({ display: 'inline-flex', flexWrap: 'wrap', gap: vars.space.xs });
