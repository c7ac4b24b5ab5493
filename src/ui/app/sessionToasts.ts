// The session's facts as toasts: apart from the other tables (factToasts.ts) because the login
// screen's first download holds it and should not hold them.
import { sessionTexts } from '../../domain/texts';
import type { SessionEmitted } from '../../machines/session.machine';
import { success, type FactToasts } from './toastTables';

/** docs/product/sign-in-and-session.md; after expiry the route guard explains (guards.tsx). */
export const sessionToasts: FactToasts<SessionEmitted> = {
  loggedIn: ({ user }) => success(sessionTexts.welcome(user.firstName)),
  loggedOut: () => success(sessionTexts.loggedOut),
};
