import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { HOME_PATH, paths } from './paths';
import { useSessionActor } from './session';

/**
 * The root route: turns what the session machine emits into where a person is
 * (docs/product/sign-in-and-session.md): the intake list after login, the login screen after
 * logout. A session that ends under a page moves nowhere: its dialog (SessionDialogs.tsx) shows
 * on that page. Its toasts are AppFrame's.
 */
export function SessionEvents() {
  const session = useSessionActor();
  const navigate = useNavigate();

  useEffect(() => {
    const subscriptions = [
      session.on('loggedIn', () => {
        void navigate(HOME_PATH, { replace: true });
      }),
      session.on('loggedOut', () => {
        void navigate(paths.login, { replace: true });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, navigate]);

  return <Outlet />;
}
