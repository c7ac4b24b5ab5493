// Edit Employee (docs/product/people.md, Edit employee): an owner or administrator loads another
// employee of the firm, changes their names, email, phone or privilege, and saves.
//
// - loading -> editing | loadFailed (emits `loadFailed` with the server's message; `employee.reload`
//   tries again).
// - editing: `field.change` updates one field and drops its message; `form.submit` either shows
//   the validation messages (emitting `invalid` with the first failing field) or saves.
// - saving (tag busy; emits `saving`) -> saved (final; emits `saved`) | editing with the server's
//   messages under their fields, emitting `saveFailed` with the server's message when it named no
//   field (an owner out of reach, the firm's last owner). What was typed is kept.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { EmployeeUpdateRequest, User } from '../api/users';
import type { FieldErrors } from '../domain/schemas/shared';
import { employeeEditFormSchema, newEmployeeDefaults, profileFormValuesFrom, type EmployeeFormValues } from '../domain/schemas/user';
import { changeUserField, EMAIL_TAKEN_CODE, employeeUpdateRequest, type FieldChangeEvent, type UserField } from './userFormParts';
import { formActions, type InvalidField } from './formParts';

export interface EmployeeEditContext {
  employeeId: string;
  /** The employee's name as loaded, for the page's heading. */
  name: string;
  values: EmployeeFormValues;
  /** Dot path -> the message under that field. */
  errors: FieldErrors;
}

export interface EmployeeEditInput {
  employeeId: string;
}

export interface SaveEmployeeInput {
  id: string;
  body: EmployeeUpdateRequest;
}

export type EmployeeEditEvent = FieldChangeEvent | { type: 'form.submit' } | { type: 'employee.reload' };

export type EmployeeEditEmitted =
  | InvalidField<UserField>
  | { type: 'loadFailed'; message?: string }
  | { type: 'saving' }
  | { type: 'saved'; employee: User }
  | { type: 'saveFailed'; message?: string };

/** The fields of the page in screen order, for focusing the first message. */
export const employeeEditFieldOrder = ['firstName', 'middleName', 'lastName', 'email', 'userInformation.phoneNumber', 'privilege'] as const;

/** Where the PATCH body's fields show on the form (the phone sits with the profile's information). */
const formPathOf: Record<string, string> = { phoneNumber: 'userInformation.phoneNumber' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The server's message of a refusal that came with our error body. */
function messageOf(error: unknown): string | undefined {
  return isRecord(error) && isRecord(error.body) && typeof error.message === 'string' && error.message ? error.message : undefined;
}

/** Messages under fields for a refused save: a taken email under Email, the contract's and rules' per field. */
export function employeeSaveErrors(error: unknown): FieldErrors {
  if (!isRecord(error) || !isRecord(error.body)) return {};
  const errors: FieldErrors = {};
  if (isRecord(error.fields)) {
    for (const [field, text] of Object.entries(error.fields)) if (typeof text === 'string') errors[formPathOf[field] ?? field] = text;
  }
  if (error.code === EMAIL_TAKEN_CODE && !errors.email && typeof error.message === 'string') errors.email = error.message;
  return errors;
}

function valuesFrom(user: User): EmployeeFormValues {
  return { ...profileFormValuesFrom(user), privilege: user.privilege };
}

function nameOf(user: User): string {
  return [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');
}

const form = formActions({
  types: {} as { context: EmployeeEditContext; events: EmployeeEditEvent },
  schema: employeeEditFormSchema,
  order: employeeEditFieldOrder,
  change: changeUserField<EmployeeFormValues>,
});

export const employeeEditMachine = setup({
  types: {
    context: {} as EmployeeEditContext,
    events: {} as EmployeeEditEvent,
    emitted: {} as EmployeeEditEmitted,
    input: {} as EmployeeEditInput,
  },
  actors: {
    loadEmployee: fromPromise<User, { id: string }>(() => {
      throw new Error('provided by the app');
    }),
    saveEmployee: fromPromise<User, SaveEmployeeInput>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    storeEmployee: assign((_, user: User) => ({ name: nameOf(user), values: valuesFrom(user), errors: {} })),
    emitLoadFailed: emit((_, error: unknown) => ({ type: 'loadFailed' as const, message: messageOf(error) })),
    emitSaving: emit({ type: 'saving' }),
    showServerErrors: assign((_, error: unknown) => ({ errors: employeeSaveErrors(error) })),
    emitSaveFailed: emit((_, error: unknown) => ({
      type: 'saveFailed' as const,
      message: Object.keys(employeeSaveErrors(error)).length > 0 ? undefined : messageOf(error),
    })),
    emitSaved: emit((_, employee: User) => ({ type: 'saved' as const, employee })),
  },
}).createMachine({
  id: 'employeeEdit',
  context: ({ input }) => ({
    employeeId: input.employeeId,
    name: '',
    values: { ...newEmployeeDefaults, userInformation: { ...newEmployeeDefaults.userInformation } },
    errors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEmployee',
        src: 'loadEmployee',
        input: ({ context }) => ({ id: context.employeeId }),
        onDone: { target: 'editing', actions: { type: 'storeEmployee', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'emitLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    loadFailed: {
      on: { 'employee.reload': 'loading' },
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
      entry: 'emitSaving',
      invoke: {
        id: 'saveEmployee',
        src: 'saveEmployee',
        input: ({ context }) => ({ id: context.employeeId, body: employeeUpdateRequest(context.values) }),
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
