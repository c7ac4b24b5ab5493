import type { ReactNode } from 'react';
import { AppToaster } from '../components/Toaster';
import { sessionToasts } from './factToasts';
import { inspectOptions } from './inspect';
import { SessionContext, useSessionActor } from './session';
import { appSessionMachine, type SessionLogic } from './sessionActors';
import { SessionDialogs } from './SessionDialogs';
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

/**
 * A session that ends under a page (docs/product/sign-in-and-session.md): the API client's held
 * 401s reach the session machine, whose dialogs show over whatever page is open.
 */
function SessionEnding() {
  useSessionGate(useSessionActor());
  return <SessionDialogs />;
}

/** What every screen sits in, router or not: the one session actor of the app and the toasts. */
export function AppFrame({ sessionLogic = appSessionMachine, children }: AppFrameProps) {
  return (
    <SessionContext.Provider logic={sessionLogic} options={inspectOptions()}>
      {children}
      <SessionEnding />
      <SessionToasts />
      <AppToaster />
    </SessionContext.Provider>
  );
}
