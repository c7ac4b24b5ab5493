import { style } from '@vanilla-extract/css';

// Its buttons are part of the row above the tabs (intakeForm.css.ts toolbar).
export const buttons = style({ display: 'contents' });
