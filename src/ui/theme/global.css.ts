import { globalStyle } from '@vanilla-extract/css';
import { vars } from './vars.css';

// Document-wide defaults. Components style themselves; this only sets what every screen shares:
// the box model, the page font and colours, and a focus ring that keyboard users always see.

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  minHeight: '100%',
});

globalStyle('body', {
  font: vars.font.body,
  color: vars.color.text,
  background: vars.color.surfaceMuted,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('#root', { minHeight: '100vh' });

globalStyle('h1, h2, h3, p', { margin: 0 });

globalStyle('button, input, select, textarea', { font: 'inherit' });

globalStyle('img', { display: 'block', maxWidth: '100%' });

// A visible focus indicator everywhere a control is reached by keyboard (WCAG 2.4.7); mouse clicks
// do not show it because :focus-visible is not matched for them.
globalStyle(':focus-visible', {
  outline: `${vars.border.thick} solid ${vars.color.focus}`,
  outlineOffset: vars.border.thick,
});

// People who ask their system for less motion get no sliding drawer or spinning icons.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      transitionDuration: '0.01ms !important',
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
    },
  },
});
