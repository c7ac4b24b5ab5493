import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const select = style({
  appearance: 'auto',
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

/** A select inside a table header cell (the Status / Privilege filters) sits on one line. */
export const compact = style({
  minHeight: 'auto',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.sizeSm,
});
