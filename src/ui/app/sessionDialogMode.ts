// Which of the session's dialogs shows over the page (docs/product/sign-in-and-session.md, Sessions
// that end in the browser), from the session machine's state alone: AppFrame.tsx fetches and
// draws the dialogs (SessionDialogs.tsx) only when one is due, and they show the one named here.
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';

export type SessionDialogMode = 'accessEnded' | 'signInAgain' | 'notice';

export function sessionDialogMode(snapshot: SnapshotFrom<typeof sessionMachine>): SessionDialogMode | undefined {
  if (snapshot.matches({ ended: 'accessEnded' })) return 'accessEnded';
  if (snapshot.matches('ended')) return 'signInAgain';
  if (snapshot.matches({ loggedIn: 'expiring' }) || snapshot.matches({ loggedIn: 'renewing' })) return 'notice';
  return undefined;
}
