import { style } from '@vanilla-extract/css';
import { smallScreen, vars } from '../../../theme/vars.css';

/**
 * Every tab lays its fields on six columns (docs/product/intake-form.md, tab 5: "A 6-column grid"); fields take
 * a third, a half or the whole row (fieldLayout.css.ts). Small screens get one column.
 */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
  gap: `${vars.space.md} ${vars.space.lg}`,
  alignItems: 'start',
  '@media': { [smallScreen]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
