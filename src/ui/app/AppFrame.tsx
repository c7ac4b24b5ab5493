import { useEffect, type ReactNode } from 'react';
import { LazyToaster } from '../components/Toaster';
import { inspectOptions } from './inspect';
import { lazyScreen } from './lazyScreen';
import { screenCode } from './screenCode';
import { SessionContext, useSessionActor } from './session';
import { appSessionMachine, type SessionLogic } from './sessionActors';
import { sessionDialogMode } from './sessionDialogMode';
import { sessionToasts } from './sessionToasts';
import { useSessionGate } from './useSessionGate';
import { useToastEvents } from './useToastEvents';

interface AppFrameProps {
  /** The session machine with its actors provided; tests pass one with fake actors. */
  sessionLogic?: SessionLogic;
  children: ReactNode;
}

/**
 * The session's toasts (docs/product/sign-in-and-session.md: the welcome after login, the
 * sign-out): above the router, because a login from the first load's screen happens before the
 * router is there (FirstLoad.tsx).
 */
function SessionToasts() {
  useToastEvents(useSessionActor(), sessionToasts);
  return null;
}

// The dialogs' code is fetched after the first paint, not with it (docs/product/app-shell.md, Lazy
// screens: the login screen's first download at most 100 KB). Due before it has arrived, they
// wait behind 'Please wait ...' as a lazy screen does, or offer to try again.
const loadSessionDialogs = screenCode(() => import('./SessionDialogs').then((module) => module.SessionDialogs));
const SessionDialogs = lazyScreen(loadSessionDialogs);

/**
 * A session that ends under a page (docs/product/sign-in-and-session.md): the API client's held
 * 401s reach the session machine, whose dialogs show over whatever page is open.
 */
function SessionEnding() {
  useSessionGate(useSessionActor());
  const due = SessionContext.useSelector((snapshot) => sessionDialogMode(snapshot) !== undefined);
  useEffect(() => {
    // A failure shows when a dialog is due (lazyScreen's retry).
    loadSessionDialogs().catch(() => undefined);
  }, []);
  return due ? <SessionDialogs /> : null;
}

/** What every screen sits in, router or not: the one session actor of the app and the toasts. */
export function AppFrame({ sessionLogic = appSessionMachine, children }: AppFrameProps) {
  return (
    <SessionContext.Provider logic={sessionLogic} options={inspectOptions()}>
      {children}
      <SessionEnding />
      <SessionToasts />
      <LazyToaster />
    </SessionContext.Provider>
  );
}
