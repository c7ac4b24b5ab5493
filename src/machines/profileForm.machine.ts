// Edit Profile (docs/product/people.md Edit Profile, docs/product/people.md Profile and employee forms, docs/product/people.md Profile update):
// load the signed-in user's full record (the token holds no SSN or ITIN), edit it, validate, save.
//
// - loading -> editing | loadFailed (`profile.reload` tries again).
// - editing: `field.change` updates one field and drops its message; `form.submit` either shows
//   the validation messages (and emits `invalid` with the first failing field) or saves.
// - saving (tag busy) -> saved (final; emits `saved` with the fresh token) | editing with the
//   server's messages under their fields, emitting `saveFailed`. What was typed is kept.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { LoginResult, UpdatedUser, User, UserUpdateRequest } from '../api/users';
import type { FieldErrors } from '../domain/schemas/shared';
import { profileFormSchema, profileFormValuesFrom, type ProfileFormValues } from '../domain/schemas/user';
import {
  changeUserField,
  fieldOrder,
  hasErrorBody,
  profileUpdateRequest,
  serverFieldErrors,
  type FieldChangeEvent,
  type UserField,
} from './userFormParts';
import { formActions, type InvalidField } from './formParts';

export interface ProfileFormContext {
  /** The id of the record being edited, from GET /v1/users/me. */
  userId: string;
  values: ProfileFormValues;
  /** Dot path -> the message under that field. */
  errors: FieldErrors;
}

export type ProfileFormEvent = FieldChangeEvent | { type: 'form.submit' } | { type: 'profile.reload' };

export type ProfileFormEmitted =
  | InvalidField<UserField>
  | { type: 'saved'; session: LoginResult }
  /** docs/product/people.md: without an error body the view shows 'Failed to update user data'. */
  | { type: 'saveFailed'; hasErrorBody: boolean };

export interface SaveProfileInput {
  id: string;
  body: UserUpdateRequest;
}

const emptyValues: ProfileFormValues = profileFormValuesFrom({ firstName: '', lastName: '', email: '' });

const form = formActions({
  types: {} as { context: ProfileFormContext; events: ProfileFormEvent },
  schema: profileFormSchema,
  order: fieldOrder,
  change: changeUserField<ProfileFormValues>,
});

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    emitted: {} as ProfileFormEmitted,
  },
  actors: {
    loadProfile: fromPromise<User>(() => {
      throw new Error('provided by the app');
    }),
    saveProfile: fromPromise<UpdatedUser, SaveProfileInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    storeProfile: assign((_, user: User) => ({ userId: user.id, values: profileFormValuesFrom(user), errors: {} })),
    showServerErrors: assign((_, error: unknown) => ({ errors: serverFieldErrors(error) })),
    emitSaveFailed: emit((_, error: unknown) => ({ type: 'saveFailed' as const, hasErrorBody: hasErrorBody(error) })),
    emitSaved: emit((_, result: UpdatedUser) => ({ type: 'saved' as const, session: result.session })),
  },
}).createMachine({
  id: 'profileForm',
  context: { userId: '', values: emptyValues, errors: {} },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'editing', actions: { type: 'storeProfile', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'profile.reload': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'hasInvalidFields', actions: ['showValidationErrors', 'emitInvalid'] },
          { target: 'saving', actions: 'clearErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ id: context.userId, body: profileUpdateRequest(context.values) }),
        onDone: { target: 'saved', actions: { type: 'emitSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          // Inside an action list TypeScript does not infer the error event, hence its annotation.
          actions: [
            { type: 'showServerErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
            { type: 'emitSaveFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
});
