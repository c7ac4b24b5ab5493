import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectSessionGate, type SessionOutcome } from '../../api/sessionGate';
import type { SessionRefusalReason } from '../../domain/session';
import type { sessionMachine } from '../../machines/session.machine';

type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/**
 * Connects the API client's refusals (src/api/sessionGate.ts) to the session actor: a 401 to a
 * signed call becomes `session.refused` (the dialog on the same page), and the held call learns
 * how it ended: signed in again (loggedIn) or signed out (no longer signedIn).
 */
export function useSessionGate(session: SessionActorRef): void {
  useEffect(
    () =>
      connectSessionGate((reason: SessionRefusalReason) => {
        const start = session.getSnapshot();
        if (!start.matches('loggedIn') && !start.matches('ended')) return Promise.resolve('notSignedIn');
        session.send({ type: 'session.refused', reason });
        return new Promise<SessionOutcome>((resolve) => {
          const subscription = session.subscribe((snapshot) => {
            const outcome = snapshot.matches('loggedIn') ? 'resumed' : snapshot.hasTag('signedIn') ? undefined : 'left';
            if (outcome === undefined) return;
            subscription.unsubscribe();
            resolve(outcome);
          });
        });
      }),
    [session],
  );
}
