// What every form machine shares: the `field.change` event, the
// first field with a message (the view focuses it on the fact `invalid`), and the `fields` region
// of a form that checks itself as it is typed once a submit was tried.
import type { FieldErrors } from '../domain/schemas/shared';

/** One keystroke or choice in a field of a form whose values are `Values`, by field name. */
export type FieldChange<Values> = {
  [Field in keyof Values & string]: { type: 'field.change'; field: Field; value: Values[Field] };
}[keyof Values & string];

/** The first field, in screen order, that has a message. */
export function firstInvalidField(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((field) => errors[field] !== undefined) ?? Object.keys(errors)[0];
}

/** A flat form's values after one change. */
export function withFieldChange<Values extends object>(values: Values, change: FieldChange<Values>): Values {
  return { ...values, [change.field]: change.value };
}

/**
 * The `fields` region of a form that shows no message until its first submit, and from then on
 * checks every field again at each change (docs/product/firm-and-neos.md#field-messages). A submit shows the
 * messages and emits `invalid` (the view focuses that field) or clears them; the machine's other
 * region decides whether the submit goes anywhere. The machine names the actions `changeField`,
 * `showValidationErrors`, `emitInvalid`, `clearErrors` and the guard `hasInvalidFields`.
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
