import * as css from './FullPageLoader.css';

export const PLEASE_WAIT = 'Please wait ...';

/** The overlay shown while a lazily loaded screen arrives (docs/product/app-shell.md). */
export function FullPageLoader() {
  return (
    <div className={css.overlay} role="status" aria-live="polite">
      <span className={css.spinner} aria-hidden="true" />
      <p>{PLEASE_WAIT}</p>
    </div>
  );
}
