import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const list = style({
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

// Name and dates on the left, the buttons on the right; under each other on a narrow screen.
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.sm,
  borderBottom: `${vars.border.thin} solid ${vars.color.border}`,
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const name = style({ fontWeight: vars.font.weightBold });

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const nameForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  flex: '1 1 100%',
  maxWidth: '28rem',
});
