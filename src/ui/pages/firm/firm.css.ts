import { style } from '@vanilla-extract/css';
import { detailValue } from '../../theme/layout.css';
import { vars } from '../../theme/vars.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const definition = style([detailValue, { overflowWrap: 'anywhere' }]);

export const status = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
});

export const connected = style([status, { background: vars.color.brandSoft, color: vars.color.brandHover }]);
export const notConnected = style([status, { background: vars.color.surfaceMuted, color: vars.color.textMuted }]);
