import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  font: vars.font.body,
  color: vars.color.text,
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const status = style({ margin: 0, display: 'flex', gap: vars.space.md, fontSize: vars.font.sizeSm });

export const page = style({ fontWeight: vars.font.weightBold, padding: `0 ${vars.space.sm}` });

export const records = style({ color: vars.color.textMuted });

export const control = style({
  minWidth: vars.size.control,
  minHeight: vars.size.control,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `${vars.border.thin} solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  font: vars.font.body,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.brandSoft },
    '&:focus-visible': focusRing,
    '&:disabled': {
      background: vars.color.surfaceDisabled,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});
