// Edit Firm's engagement terms (EngagementTermsSection.tsx): each document's text beside its
// preview on a wide screen, one under the other on a phone.
import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';

export const document = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  '@media': { [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const text = style({
  width: '100%',
  minHeight: '16rem',
  padding: vars.space.sm,
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  resize: 'vertical',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: vars.border.thick } },
});

export const preview = style({
  minHeight: '16rem',
  maxHeight: '24rem',
  overflowY: 'auto',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  border: `${vars.border.thin} dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.font.sizeSm,
  whiteSpace: 'pre-wrap',
});

export const sample = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeSm,
});

export const placeholders = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.font.sizeSm, overflowWrap: 'anywhere' });

export const label = style({ fontWeight: vars.font.weightBold, display: 'block', marginBottom: vars.space.xs });

export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, margin: 0 });
