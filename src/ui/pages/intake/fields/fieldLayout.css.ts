import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { smallScreen, vars } from '../../../theme/vars.css';

// Where a field sits in its tab's six-column grid (docs/product/intake-form.md, tab 5: "A 6-column grid"; the
// other tabs use the same grid so the form reads alike). On small screens the grid has one
// column and every field takes the whole row.
const wholeRowOnSmallScreens = { '@media': { [smallScreen]: { gridColumn: '1 / -1' } } } as const;

export const cell = recipe({
  base: { minWidth: 0 },
  variants: {
    span: {
      third: { gridColumn: 'span 2', ...wholeRowOnSmallScreens },
      half: { gridColumn: 'span 3', ...wholeRowOnSmallScreens },
      twoThirds: { gridColumn: 'span 4', ...wholeRowOnSmallScreens },
      full: { gridColumn: '1 / -1' },
    },
  },
  defaultVariants: { span: 'third' },
});

export type CellSpan = NonNullable<NonNullable<RecipeVariants<typeof cell>>['span']>;

/** A line under a field's input (the incident date's limitation deadline). */
export const note = style({ marginTop: vars.space.xs, fontSize: vars.font.sizeSm });
