// The one session actor of the app, shared through React context (docs/architecture.md: views read the
// machine's snapshot; they never keep their own "logged in" flag).
import { createActorContext } from '@xstate/react';
import type { Privilege } from '../../domain/enums';
import type { SessionUser } from '../../domain/session';
import { sessionMachine } from '../../machines/session.machine';

export const SessionContext = createActorContext(sessionMachine);

export function useSessionActor() {
  return SessionContext.useActorRef();
}

/** The signed-in user (also while Sign Out reaches the server), or undefined when signed out. */
export function useSignedInUser(): SessionUser | undefined {
  return SessionContext.useSelector((snapshot) => (snapshot.hasTag('signedIn') ? snapshot.context.user : undefined));
}

export function useSignedInPrivilege(): Privilege | undefined {
  return useSignedInUser()?.privilege;
}
