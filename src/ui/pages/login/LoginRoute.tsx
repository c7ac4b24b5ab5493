import { Link, Navigate } from 'react-router-dom';
import { HOME_PATH } from '../../app/paths';
import { SessionContext } from '../../app/session';
import { LoginScreen } from './LoginPage';

/** / and /login in the routed app (docs/product/sign-in-and-session.md, Login screen). */
export function LoginPage() {
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.matches('loggedIn'));
  // A signed-in user who opens / or /login goes on to the intake list (docs/product/sign-in-and-session.md).
  if (signedIn) return <Navigate to={HOME_PATH} replace />;
  return <LoginScreen link={Link} />;
}
