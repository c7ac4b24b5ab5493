import { sessionTexts } from '../../domain/texts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import type { Privilege } from '../../domain/enums';
import { toasts } from '../components/Toaster';
import { SessionContext, useSignedInPrivilege } from './session';
import { paths } from './paths';

/** docs/product/sign-in-and-session.md, docs/product/intake-form.md: the text shown to a visitor without a session. */
export const LOGIN_REQUIRED_MESSAGE = sessionTexts.loginRequired;

// A fixed id makes react-hot-toast update the toast that is already up instead of adding a second
// one, so React StrictMode's repeated effects and a quick second redirect still show it once.
export const LOGIN_REQUIRED_TOAST_ID = 'login-required';

/**
 * Every route except login needs a valid session (docs/product/sign-in-and-session.md). A visitor without one gets
 * the toast and goes to /login. A person who signs out on purpose already gets 'Logged out
 * successfully', so the toast is only for a guard that never had a session or saw it expire.
 */
export function RequireSession() {
  // signedIn: also while Sign Out waits for the server, so the shell stays until it has answered.
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.hasTag('signedIn'));
  const expired = SessionContext.useSelector((snapshot) => snapshot.matches('expired'));
  const hadSession = useRef(signedIn);

  useEffect(() => {
    if (signedIn) {
      hadSession.current = true;
      return;
    }
    if (expired || !hadSession.current) toasts.error(LOGIN_REQUIRED_MESSAGE, { id: LOGIN_REQUIRED_TOAST_ID });
  }, [signedIn, expired]);

  if (!signedIn) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

interface RequirePrivilegeProps {
  /** Whether a privilege may open the routes below (docs/product/people.md). */
  allows: (privilege: Privilege) => boolean;
  /** What a signed-in user without that privilege sees instead: the Forbidden page. */
  forbidden: ReactNode;
}

export function RequirePrivilege({ allows, forbidden }: RequirePrivilegeProps) {
  const privilege = useSignedInPrivilege();
  return privilege !== undefined && allows(privilege) ? <Outlet /> : <>{forbidden}</>;
}
