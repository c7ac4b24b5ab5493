import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../../components/Button';
import * as css from './errors.css';

/**
 * The router's last resort when a screen throws while rendering. It keeps the person on a
 * readable page with a way out instead of React Router's developer error screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // The details belong in the console for whoever investigates, not on the staff member's screen.
    console.error(error);
  }, [error]);
  return (
    <main className={css.centred}>
      <h1 className={css.title}>Something went wrong</h1>
      <p className={css.text}>The page could not be shown. Reload it to try again.</p>
      <div className={css.actions}>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    </main>
  );
}
