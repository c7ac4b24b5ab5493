// The real implementations of the Edit Profile machine's actors (docs/architecture.md: the app provides them
// with machine.provide; tests provide their own).
import { fromPromise } from 'xstate';
import { getCurrentUser, revealUserNumbers, updateUser, type UpdatedUser, type User, type UserReveal } from '../../../api/users';
import { profileFormMachine, type SaveProfileInput } from '../../../machines/profileForm.machine';

export const appProfileFormMachine = profileFormMachine.provide({
  actors: {
    loadProfile: fromPromise<User>(() => getCurrentUser()),
    saveProfile: fromPromise<UpdatedUser, SaveProfileInput>(({ input }) => updateUser(input.id, input.body)),
  },
});

/** 'Show' on the profile and Edit Profile: the user's SSN and ITIN in full (recorded by the server). */
export function revealOwnNumbers(userId: string): Promise<UserReveal> {
  return revealUserNumbers(userId);
}
