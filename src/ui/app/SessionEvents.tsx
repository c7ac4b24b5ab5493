import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { sessionToasts } from './factToasts';
import { HOME_PATH, paths } from './paths';
import { useSessionActor } from './session';
import { useToastEvents } from './useToastEvents';

/**
 * The root route: turns what the session machine emits into what a person sees (staff-app spec
 * docs/product/sign-in-and-session.md): the welcome toast and the intake list after login, the sign-out toast and the login screen
 * after logout, the login screen after expiry (the route guard then explains why).
 */
export function SessionEvents() {
  const session = useSessionActor();
  const navigate = useNavigate();

  useToastEvents(session, sessionToasts);

  useEffect(() => {
    const subscriptions = [
      session.on('loggedIn', () => {
        void navigate(HOME_PATH, { replace: true });
      }),
      session.on('loggedOut', () => {
        void navigate(paths.login, { replace: true });
      }),
      session.on('expired', () => {
        void navigate(paths.login, { replace: true });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, navigate]);

  return <Outlet />;
}
