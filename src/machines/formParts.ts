// What every form machine shares: the `field.change` event, the actions and guard that turn the
// form's values into messages under its fields and name the first field with one (the view
// focuses it on the fact `invalid`), and the `fields` region of a form that checks itself as it is
// typed once a submit was tried.
import { assign, emit, type EventObject } from 'xstate';
import type { Schema } from 'yup';
import { validateFields, type FieldErrors } from '../domain/schemas/shared';

/** One keystroke or choice in a field of a form whose values are `Values`, by field name. */
export type FieldChange<Values> = {
  [Field in keyof Values & string]: { type: 'field.change'; field: Field; value: Values[Field] };
}[keyof Values & string];

/** What a form machine's context holds: the values the form shows and the message under each field. */
export interface FormState<Values> {
  values: Values;
  /** Field name -> the message under that field. */
  errors: FieldErrors;
}

/** The fact a submit with messages emits: the view moves focus to this field. */
export interface InvalidField<Field extends string> {
  type: 'invalid';
  field: Field;
}

/** The first field, in screen order, that has a message. */
export function firstInvalidField<Field extends string>(errors: FieldErrors, order: readonly Field[]): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/** A flat form after one change: the field takes the value; the messages wait for the next check. */
export function changeValue<Values extends object>(form: FormState<Values>, change: FieldChange<Values>): FormState<Values> {
  return { ...form, values: { ...form.values, [change.field]: change.value } };
}

/** The `field.change` events among a machine's events, and the fields they name. */
type ChangeOf<Event> = Extract<Event, { type: 'field.change' }>;
type FieldOf<Event> = ChangeOf<Event> extends { field: infer Field extends string } ? Field : never;

/** What differs between the form machines: the rest of their form actions is `formActions`. */
export interface FormRules<Context extends FormState<unknown>, Event extends EventObject> {
  /** The machine's own context and events, as its `setup` names them (`{} as ...`). */
  types: { context: Context; events: Event };
  /** The form's yup schema: its messages are the ones shown under the fields. */
  schema: Schema;
  /** Every field in the order the form shows it, so focus goes to the first message on screen. */
  order: readonly FieldOf<Event>[];
  /** How one change lands in the form (`changeValue` for a flat form). */
  change: (form: FormState<Context['values']>, change: ChangeOf<Event>) => FormState<Context['values']>;
}

/**
 * The guards `hasInvalidFields` and `isComplete` and the actions `changeField`, `showValidationErrors`,
 * `emitInvalid` and `clearErrors` of a form machine, for its `setup` to spread. They are typed
 * by the machine's own context and events because XState relates actions through the machine's
 * whole type; `checkedFieldsRegion` and the forms that check only on submit name them alike.
 */
export function formActions<Context extends FormState<unknown>, Event extends EventObject>({
  schema,
  order,
  change,
}: FormRules<Context, Event>) {
  const validationErrors = (values: Context['values']): FieldErrors => validateFields(schema, values);
  const isFieldChange = (event: Event): event is ChangeOf<Event> => event.type === 'field.change';
  const hasInvalidFields = ({ context }: { context: Context }) => Object.keys(validationErrors(context.values)).length > 0;
  // The assigned parts are FormState's; TypeScript cannot see them as a Partial of a generic Context.
  return {
    guards: {
      hasInvalidFields,
      // Whether a submit may go on: the forms that check before sending name it on `form.submit`.
      isComplete: (args: { context: Context }) => !hasInvalidFields(args),
    },
    actions: {
      changeField: assign<Context, Event, undefined, Event, never>(({ context, event }) => {
        // Named only on `field.change` transitions; anything else is a wiring mistake.
        if (!isFieldChange(event)) throw new Error(`changeField ran on ${event.type}`);
        return change(context, event) as Partial<Context>;
      }),
      showValidationErrors: assign<Context, Event, undefined, Event, never>(
        ({ context }) => ({ errors: validationErrors(context.values) }) as Partial<Context>,
      ),
      // Runs after showValidationErrors on a form with messages, so some field in `order` has one.
      emitInvalid: emit<Context, Event, undefined, Event, InvalidField<FieldOf<Event>>>(({ context }) => ({
        type: 'invalid',
        field: firstInvalidField(context.errors, order) ?? order[0],
      })),
      clearErrors: assign<Context, Event, undefined, Event, never>({ errors: {} } as Partial<Context>),
    },
  };
}

/**
 * The `fields` region of a form that shows no message until its first submit, and from then on
 * checks every field again at each change (docs/product/firm-and-neos.md#field-messages). A submit shows the
 * messages and emits `invalid` (the view focuses that field) or clears them; the machine's other
 * region decides whether the submit goes anywhere. The machine spreads `formActions` for the
 * actions and the guard it names.
 */
export const checkedFieldsRegion = {
  initial: 'unchecked',
  states: {
    unchecked: { on: { 'field.change': { actions: 'changeField' } } },
    checked: { on: { 'field.change': { actions: ['changeField', 'showValidationErrors'] } } },
  },
  on: {
    'form.submit': [
      { guard: 'hasInvalidFields', target: '.checked', actions: ['showValidationErrors', 'emitInvalid'] },
      { target: '.checked', actions: 'clearErrors' },
    ],
  },
} as const;
