import { NotFoundPage } from './NotFoundPage';
import * as css from './NotFoundScreen.css';

/** The not-found page on its own, outside the dashboard layout, with the page's main landmark. */
export function NotFoundScreen() {
  return (
    <main className={css.screen}>
      <NotFoundPage />
    </main>
  );
}
