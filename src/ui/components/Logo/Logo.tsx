import * as css from './Logo.css';

interface LogoProps {
  /** Rendered width and height in pixels. */
  size?: number;
  /** When given, the logo is announced as an image with this name; otherwise it is decorative. */
  title?: string;
}

/**
 * The app's mark: scales of justice on a brand tile. The same drawing is the favicon
 * (public/logo.svg); here it is inline so it takes the theme's colours and costs no request.
 */
export function Logo({ size = 40, title }: LogoProps) {
  const labelled = title !== undefined;
  return (
    <svg
      className={css.logo}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={labelled ? 'img' : undefined}
      aria-label={title}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      <rect className={css.tile} width="64" height="64" rx="14" />
      <path className={css.line} strokeWidth="3.5" d="M32 15 V48 M14 21 H50" />
      <path className={css.line} strokeWidth="1.75" d="M14 21 L8.5 35 M14 21 L19.5 35 M50 21 L44.5 35 M50 21 L55.5 35" />
      <g className={css.solid}>
        <circle cx="32" cy="13" r="3.5" />
        <path d="M7 35 H21 A7 7 0 0 1 7 35 Z M43 35 H57 A7 7 0 0 1 43 35 Z" />
        <rect x="22" y="47" width="20" height="5" rx="2.5" />
      </g>
    </svg>
  );
}
