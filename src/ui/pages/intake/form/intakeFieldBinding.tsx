// How one field of the seven-tab form reads and writes the intake ("a keystroke in the form
// re-renders the field, not the form"; README, Performance). The form's values live in the intake
// machine's context; each field subscribes once, to its own slice (value, error, disabled state and
// asterisk together), so a change to one field re-renders that field (and the fields whose value,
// disabled state or asterisk the change touches). Every subscription's selector runs on every
// snapshot, so their number is what a keystroke costs with many fields on screen.
//
// The binding depends only on this small structural interface, not on the machine's full type, so
// the tab components can be tested with any store that has the same shape.
import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { isIntakeField } from '../../../../domain/intake/fields';
import { isDisabled, isRequired, readField } from '../../../../domain/intake/rules';
import type { FieldErrors, FieldPath, FieldValue, GeneralCaseInformation } from '../../../../domain/intake/types';

/** The events a field sends to the intake machine. */
export type IntakeFieldEvent =
  | { type: 'field.change'; path: FieldPath; value: unknown }
  /** Several fields at once (Select All, the phone usage 'Both' box): one event, one re-render. */
  | { type: 'fields.change'; changes: ReadonlyArray<{ path: FieldPath; value: unknown }> };

export interface IntakeFormSnapshot {
  context: { intake: GeneralCaseInformation; errors: FieldErrors };
  /**
   * 'readOnly' is the view mode and a final intake, 'locked' a final submit on its way: every
   * input is disabled (docs/product/intake-form.md).
   */
  hasTag(tag: 'readOnly' | 'locked'): boolean;
}

/** The intake machine's actor satisfies this; so does any actor with the same context and tag. */
export type IntakeFormStore = Pick<
  ActorRef<Snapshot<unknown> & IntakeFormSnapshot, IntakeFieldEvent>,
  'getSnapshot' | 'subscribe' | 'send'
>;

export const IntakeFormContext = createContext<IntakeFormStore | null>(null);

export function useIntakeStore(): IntakeFormStore {
  const store = useContext(IntakeFormContext);
  if (!store) throw new Error('An intake field is rendered outside <IntakeFormContext.Provider>');
  return store;
}

export interface IntakeFieldSlice<P extends FieldPath> {
  value: FieldValue<P>;
  error: string | undefined;
  /** View mode, or a field the rules disable (docs/product/intake-form.md, Disabled fields). */
  disabled: boolean;
  /** The red asterisk: the field catalogue's final-submit requirement, which may depend on other answers (docs/product/intake-form.md#field-rules). */
  required: boolean;
}

export interface IntakeFieldBinding<P extends FieldPath> extends IntakeFieldSlice<P> {
  onChange(value: FieldValue<P>): void;
}

function readSlice<P extends FieldPath>(snapshot: IntakeFormSnapshot, path: P): IntakeFieldSlice<P> {
  const { intake, errors } = snapshot.context;
  return {
    value: readField(intake, path),
    error: errors[path],
    disabled: snapshot.hasTag('readOnly') || snapshot.hasTag('locked') || isDisabled(intake, path),
    required: isIntakeField(path) && isRequired(intake, path),
  };
}

/** Equal slices keep the field from re-rendering: each part compared as useSelector would compare it alone. */
function sameSlice<P extends FieldPath>(a: IntakeFieldSlice<P>, b: IntakeFieldSlice<P>): boolean {
  return Object.is(a.value, b.value) && a.error === b.error && a.disabled === b.disabled && a.required === b.required;
}

export function useIntakeField<P extends FieldPath>(path: P): IntakeFieldBinding<P> {
  const store = useIntakeStore();
  const slice = useSelector(store, (snapshot) => readSlice(snapshot, path), sameSlice);
  const onChange = useCallback((next: FieldValue<P>) => store.send({ type: 'field.change', path, value: next }), [store, path]);
  return { ...slice, onChange };
}

/** For whole-group widgets (Select All, 'Both'): read anything from the intake, subscribe to it alone. */
export function useIntakeSelector<T>(select: (intake: GeneralCaseInformation) => T): T {
  const store = useIntakeStore();
  return useSelector(store, (snapshot) => select(snapshot.context.intake));
}

export function useIntakeReadOnly(): boolean {
  const store = useIntakeStore();
  return useSelector(store, (snapshot) => snapshot.hasTag('readOnly') || snapshot.hasTag('locked'));
}
