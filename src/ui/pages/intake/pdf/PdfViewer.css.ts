import { style } from '@vanilla-extract/css';

// The viewer scrolls inside the frame, which gives it its height.
export const viewer = style({
  height: '100%',
});
