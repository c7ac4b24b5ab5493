import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

// Wide screens: a table. Under the small-screen breakpoint every row is a card of "label: value"
// lines and the text headers leave the view (each cell names its column); a header that is a
// control (a filter) stays above the cards. Nothing is wider than the phone.
const phone = (rules: object) => ({ '@media': { [smallScreen]: rules } });

export const wrapper = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  ...phone({ overflowX: 'visible', background: 'transparent', boxShadow: 'none', borderRadius: 0 }),
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  font: vars.font.body,
  color: vars.color.text,
  ...phone({ display: 'block' }),
});

export const caption = style({
  textAlign: 'left',
  padding: vars.space.md,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeLg,
  ...phone({ display: 'block', padding: `0 0 ${vars.space.sm}` }),
});

export const head = style(phone({ display: 'block' }));

export const headRow = style(
  phone({
    display: 'flex',
    flexWrap: 'wrap',
    gap: vars.space.sm,
  }),
);

const headerBase = {
  textAlign: 'left',
  verticalAlign: 'bottom',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  whiteSpace: 'nowrap',
} as const;

export const textHeaderCell = style({
  ...headerBase,
  ...phone({
    position: 'absolute',
    width: vars.border.thin,
    height: vars.border.thin,
    padding: 0,
    margin: `calc(-1 * ${vars.border.thin})`,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    border: 0,
  }),
});

export const controlHeaderCell = style({
  ...headerBase,
  ...phone({ display: 'block', padding: `0 0 ${vars.space.sm}`, background: 'transparent', borderBottom: 'none' }),
});

export const body = style(phone({ display: 'flex', flexDirection: 'column', gap: vars.space.sm }));

const card = {
  display: 'block',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: `${vars.space.sm} 0`,
} as const;

export const row = style(phone(card));

export const messageRow = style(phone(card));

export const clickableRow = style({
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    // The row itself takes focus; the ring sits inside so the wrapper's overflow does not clip it.
    '&:focus-visible': { ...focusRing, outlineOffset: `calc(-1 * ${vars.border.thick})` },
  },
  ...phone(card),
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
  verticalAlign: 'middle',
  ...phone({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: vars.space.sm,
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderBottom: 'none',
  }),
});

/** The column's name inside each cell: only on a phone, where the header row is out of sight. */
export const cellLabel = style({
  display: 'none',
  ...phone({
    display: 'block',
    minWidth: 0,
    overflowWrap: 'anywhere',
    fontSize: vars.font.sizeSm,
    fontWeight: vars.font.weightBold,
    color: vars.color.textMuted,
  }),
});

export const cellValue = style(phone({ minWidth: 0, overflowWrap: 'anywhere' }));

export const actionCell = style([
  cell,
  { textAlign: 'right', whiteSpace: 'nowrap' },
  phone({ display: 'block', textAlign: 'left', padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xs}` }),
]);

export const messageCell = style([
  cell,
  { textAlign: 'center', padding: vars.space.xl, color: vars.color.textMuted },
  phone({ display: 'block', padding: vars.space.lg }),
]);

export const actionButton = style({
  background: 'transparent',
  border: `${vars.border.thin} solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.brand,
  font: vars.font.body,
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brand, color: vars.color.onBrand },
    '&:focus-visible': focusRing,
  },
});
