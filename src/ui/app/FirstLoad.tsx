// What the browser shows first (main.tsx). The login route is what every visitor waits for, so
// / and /login render the login screen with the session actor alone: the data router and every
// route come in a chunk of their own, imported after that first paint (a dynamic import, not a
// preload, so that it is not part of the first download). Any other address, a signed-in session
// and any move from that screen render the routed app, which shows exactly what it did before.
import { createContext, useContext, useEffect, useState, type MouseEvent } from 'react';
import { LoginScreen, type LoginLinkProps } from '../pages/login/LoginPage';
import { lazyScreen } from './lazyScreen';
import { paths } from './paths';
import { loadRoutedApp } from './routedAppCode';
import { SessionContext } from './session';
import { loadSessionCalls } from './sessionActors';

// A slow or failed load shows 'Please wait ...' and then the retry, as a lazy screen's does
// (docs/product/app-shell.md, Lazy screens); once loaded it is drawn at once.
const Routed = lazyScreen(loadRoutedApp);

/** Leaves the first load's login screen for `to` (pushed onto the history, as a link does). */
const LeaveContext = createContext<(to: string) => void>(() => undefined);

/** 'Forgot password?' before the router is there: a plain click moves inside the app, as React Router's Link does. */
function FirstLoadLink({ to, className, children }: LoginLinkProps) {
  const leave = useContext(LeaveContext);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // Another button or a modifier (a new tab or window) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    leave(to);
  };
  return (
    <a href={to} className={className} onClick={click}>
      {children}
    </a>
  );
}

const firstLoadPaths: readonly string[] = [paths.root, paths.login];

export function FirstLoad() {
  // A signed-in user on / or /login is sent on by the routed login route, as before.
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.matches('loggedIn'));
  const [routed, setRouted] = useState(() => !firstLoadPaths.includes(window.location.pathname));

  useEffect(() => {
    // Fetched now so that they are there when needed; a failure shows then (LazyRoutedApp's
    // retry, the session's failed login).
    loadRoutedApp().catch(() => undefined);
    loadSessionCalls().catch(() => undefined);
  }, []);

  // One way: once routed, a sign-out stays in the routed app, whose root route moves to /login.
  if (signedIn && !routed) setRouted(true);
  if (routed || signedIn) return <Routed />;
  const leave = (to: string) => {
    window.history.pushState(null, '', to);
    setRouted(true);
  };
  return (
    <LeaveContext.Provider value={leave}>
      <LoginScreen link={FirstLoadLink} />
    </LeaveContext.Provider>
  );
}
