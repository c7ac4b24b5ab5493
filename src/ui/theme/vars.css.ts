import { createGlobalTheme } from '@vanilla-extract/css';

// The token contract: the only file that writes raw colours, sizes and fonts. Components read
// `vars.*`. Colours are chosen for at least 4.5:1 contrast on their usual background (WCAG AA).
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#1d4ed8',
    brandHover: '#1e40af',
    brandSoft: '#dbeafe',
    onBrand: '#ffffff',
    text: '#111827',
    textMuted: '#4b5563',
    surface: '#ffffff',
    surfaceMuted: '#f3f4f6',
    surfaceDisabled: '#e5e7eb',
    border: '#d1d5db',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fee2e2',
    success: '#15803d',
    // Limitation deadlines (docs/product/intake-form.md#limitation-deadline): amber near, red urgent.
    warning: '#92400e',
    warningSoft: '#fef3c7',
    // The dashboard's bars (docs/product/dashboard.md#charts): final solid brand, draft a light
    // blue that dark text reads on; every bar also carries its number and kind in words.
    chartFinal: '#1d4ed8',
    chartDraft: '#93c5fd',
    chartFunnel: '#0f766e',
    sidebar: '#0f172a',
    sidebarText: '#e2e8f0',
    sidebarActive: '#1d4ed8',
    overlay: 'rgba(15, 23, 42, 0.55)',
    focus: '#f59e0b',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '16px',
    lg: '24px',
    xl: '32px',
    xxl: '48px',
  },
  radius: { sm: '4px', md: '8px', lg: '12px', round: '9999px' },
  border: { thin: '1px', thick: '2px' },
  font: {
    body: '16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeSm: '14px',
    sizeMd: '16px',
    sizeLg: '20px',
    sizeXl: '28px',
    sizeHuge: '64px',
    weightNormal: '400',
    weightBold: '600',
  },
  size: {
    sidebarWidth: '240px',
    topBarHeight: '56px',
    contentMaxWidth: '1200px',
    dialogListHeight: '15rem',
    control: '2.5rem',
    optionColumn: '14rem',
    dialogWidth: '32rem',
    dialogWidthWide: '60rem',
  },
  shadow: {
    card: '0 1px 3px rgba(0, 0, 0, 0.12), 0 1px 2px rgba(0, 0, 0, 0.08)',
    dialog: '0 20px 40px rgba(0, 0, 0, 0.25)',
  },
  motion: {
    // docs/product/app-shell.md: drawer transition 300 ms.
    drawer: '300ms ease-in-out',
    spin: '800ms linear infinite',
  },
  zIndex: { drawer: '40', overlay: '50', modal: '60' },
});

/** Breakpoint under which the sidebar becomes a drawer and the tab bar a select. */
export const smallScreen = 'screen and (max-width: 767px)';
