// The real implementations of the Edit Profile machine's actors (DESIGN.md: the app provides them
// with machine.provide; tests provide their own).
import { fromPromise } from 'xstate';
import { getCurrentUser, updateUser, type UpdatedUser, type User } from '../../../api/users';
import { profileFormMachine, type SaveProfileInput } from '../../../machines/profileForm.machine';

export const appProfileFormMachine = profileFormMachine.provide({
  actors: {
    loadProfile: fromPromise<User>(() => getCurrentUser()),
    saveProfile: fromPromise<UpdatedUser, SaveProfileInput>(({ input }) => updateUser(input.id, input.body)),
  },
});
