// The client's page (docs/product/client-intake.md): one column for a phone first, big touch
// targets (at least 44 px), the theme's tokens only.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

export const page = style({ maxWidth: '40rem', margin: '0 auto', padding: vars.space.md, display: 'grid', gap: vars.space.md });

export const header = style({ display: 'grid', gap: vars.space.sm });

export const title = style({ fontSize: vars.font.sizeLg, fontWeight: vars.font.weightBold });

export const languages = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.md,
});

export const muted = style({ color: vars.color.textMuted });

export const field = style({ display: 'grid', gap: vars.space.xs });

export const label = style({ fontWeight: vars.font.weightBold });

export const input = style({
  minHeight: '44px',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: vars.border.thick } },
});

export const textarea = style([input, { minHeight: '6rem', resize: 'vertical' }]);

export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSm });

export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm, minWidth: 0 });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const choice = style({
  minHeight: '44px',
  minWidth: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.round,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"], &[aria-checked="true"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
    },
  },
});

export const check = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, minHeight: '44px' });

export const checkbox = style({ width: '24px', height: '24px', flex: 'none', marginTop: '2px' });

export const actions = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

export const button = style({
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: { '&:disabled': { background: vars.color.surfaceDisabled, color: vars.color.textMuted, cursor: 'default' } },
});

export const secondary = style([
  button,
  { background: vars.color.surface, color: vars.color.brand, border: `${vars.border.thin} solid ${vars.color.brand}` },
]);

export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});
