import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const date = style({
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&::-webkit-calendar-picker-indicator': { cursor: 'pointer' },
    '&:disabled::-webkit-calendar-picker-indicator': { cursor: 'not-allowed' },
  },
  minWidth: vars.size.optionColumn,
});
