import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../TextInput/field.css';

const spin = keyframes({ from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } });

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: vars.size.control,
    padding: `${vars.space.sm} ${vars.space.md}`,
    border: `${vars.border.thin} solid transparent`,
    borderRadius: vars.radius.md,
    font: vars.font.body,
    fontWeight: vars.font.weightBold,
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    selectors: {
      '&:focus-visible': focusRing,
      // docs/product/app-shell.md: disabled styling when disabled (and while loading).
      '&:disabled': {
        background: vars.color.surfaceDisabled,
        borderColor: vars.color.surfaceDisabled,
        color: vars.color.textMuted,
        cursor: 'not-allowed',
      },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerHover } },
      },
      link: {
        background: 'transparent',
        color: vars.color.brand,
        minHeight: 'auto',
        padding: 0,
        textDecoration: 'underline',
        selectors: {
          '&:hover:not(:disabled)': { color: vars.color.brandHover },
          '&:disabled': { background: 'transparent', borderColor: 'transparent' },
        },
      },
    },
    size: {
      md: {},
      sm: { minHeight: 'auto', padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.font.sizeSm },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { tone: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const spinner = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  border: `${vars.border.thick} solid currentColor`,
  borderRightColor: 'transparent',
  borderRadius: vars.radius.round,
  animation: `${spin} ${vars.motion.spin}`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '0s' },
  },
});
