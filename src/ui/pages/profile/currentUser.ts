// The signed-in user's full record for the profile screen: the token holds no SSN or ITIN
// (docs/architecture.md, Auth), so /profile reads GET /v1/users/me.
import { fromPromise } from 'xstate';
import { getCurrentUser, type User } from '../../../api/users';

export type CurrentUserResult = { loaded: true; user: User } | { loaded: false; error: unknown };

/**
 * A failed load is an outcome the screen shows, not an actor error: @xstate/react's useSelector
 * rethrows a root actor's error into the nearest error boundary, which would replace the screen.
 */
export const currentUserLogic = fromPromise<CurrentUserResult>(async () => {
  try {
    return { loaded: true, user: await getCurrentUser() };
  } catch (error) {
    return { loaded: false, error };
  }
});
