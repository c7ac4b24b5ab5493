// Employee Registration (docs/product/people.md Employee Registration, docs/product/people.md Profile and employee forms,
// docs/product/people.md Employee create, docs/product/people.md new employee defaults).
//
// - editing: starts from the spec's defaults; `field.change` updates one field and drops its
//   message; `form.submit` either shows the validation messages (emitting `invalid` with the
//   first failing field) or creates the employee.
// - creating (tag busy; emits `creating` for the progress toast) -> created (final; emits
//   `created`) | editing with the server's messages under their fields, emitting `createFailed`.
//   What was typed is kept.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { EmployeeCreateRequest, User } from '../api/users';
import type { FieldErrors } from '../domain/schemas/shared';
import { employeeFormSchema, newEmployeeDefaults, type EmployeeFormValues } from '../domain/schemas/user';
import {
  changeUserField,
  fieldOrder,
  hasErrorBody,
  employeeCreateRequest,
  serverFieldErrors,
  type FieldChangeEvent,
  type UserField,
} from './userFormParts';
import { formActions, type InvalidField } from './formParts';

export interface EmployeeFormContext {
  values: EmployeeFormValues;
  /** Dot path -> the message under that field. */
  errors: FieldErrors;
}

export interface EmployeeFormInput {
  /** Values to start from instead of the spec's defaults (a form opened already filled). */
  values?: EmployeeFormValues;
}

export type EmployeeFormEvent = FieldChangeEvent | { type: 'form.submit' };

export type EmployeeFormEmitted =
  InvalidField<UserField> | { type: 'creating' } | { type: 'created'; employee: User } | { type: 'createFailed'; hasErrorBody: boolean };

const form = formActions({
  types: {} as { context: EmployeeFormContext; events: EmployeeFormEvent },
  schema: employeeFormSchema,
  order: fieldOrder,
  change: changeUserField<EmployeeFormValues>,
});

export const employeeFormMachine = setup({
  types: {
    context: {} as EmployeeFormContext,
    events: {} as EmployeeFormEvent,
    emitted: {} as EmployeeFormEmitted,
    input: {} as EmployeeFormInput | undefined,
  },
  actors: {
    createEmployee: fromPromise<User, EmployeeCreateRequest>(() => {
      throw new Error('provided by the app');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    emitCreating: emit({ type: 'creating' }),
    showServerErrors: assign((_, error: unknown) => ({ errors: serverFieldErrors(error) })),
    emitCreateFailed: emit((_, error: unknown) => ({ type: 'createFailed' as const, hasErrorBody: hasErrorBody(error) })),
    emitCreated: emit((_, employee: User) => ({ type: 'created' as const, employee })),
  },
}).createMachine({
  id: 'employeeForm',
  // A fresh copy: the defaults are frozen and shared by every registration.
  context: ({ input }) => ({
    values: input?.values ?? { ...newEmployeeDefaults, userInformation: { ...newEmployeeDefaults.userInformation } },
    errors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'hasInvalidFields', actions: ['showValidationErrors', 'emitInvalid'] },
          { target: 'creating', actions: 'clearErrors' },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      entry: 'emitCreating',
      invoke: {
        id: 'createEmployee',
        src: 'createEmployee',
        input: ({ context }) => employeeCreateRequest(context.values),
        onDone: { target: 'created', actions: { type: 'emitCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          // Inside an action list TypeScript does not infer the error event, hence its annotation.
          actions: [
            { type: 'showServerErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
            { type: 'emitCreateFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
    created: { type: 'final' },
  },
});
