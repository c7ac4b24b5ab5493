// A form field bound to its form machine (docs/code-style.md, A view): it subscribes to its own value and
// message, so a keystroke re-renders that field only, and sends `field.change`.
import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import type { FieldErrors } from '../../domain/schemas/shared';
import type { FieldChange } from '../../machines/formParts';
import { TextInput, type TextInputProps } from '../components/TextInput';

/** What a bound field needs of a form machine's actor whose values are `Values`. */
export interface FormActor<Values> {
  getSnapshot(): { context: { values: Values; errors: FieldErrors } };
  subscribe: AnyActorRef['subscribe'];
  send(event: FieldChange<Values>): void;
}

/** The field's value and message in the machine, and how to change it. */
export function useFormField<Values, Field extends keyof Values & string>(actor: FormActor<Values>, field: Field) {
  const value = useSelector(actor, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(actor, (snapshot) => snapshot.context.errors[field]);
  // Field and value are tied by Values; TypeScript cannot narrow a generic union member.
  const change = (next: Values[Field]) => actor.send({ type: 'field.change', field, value: next } as FieldChange<Values>);
  return { value, error, change };
}

type TextFieldOf<Values> = { [Field in keyof Values & string]: Values[Field] extends string ? Field : never }[keyof Values & string];

export type FormTextInputProps<Values> = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  actor: FormActor<Values>;
  field: TextFieldOf<Values>;
};

/** A TextInput showing one text field of a form machine. */
export function FormTextInput<Values>({ actor, field, ...props }: FormTextInputProps<Values>) {
  const { value, error, change } = useFormField(actor, field);
  return <TextInput {...props} value={value as string} onChange={(text) => change(text as Values[typeof field])} error={error} />;
}

/**
 * A form machine's submit and its `invalid` fact: the form's submit becomes `form.submit`, and the
 * field the machine names as refused takes the focus (`fieldId` gives its element's id).
 */
export function useFormSubmit(actor: AnyActorRef, fieldId: (field: string) => string): (event: FormEvent<HTMLFormElement>) => void {
  useEffect(() => {
    const subscription = actor.on('invalid', ({ field }: { field: string }) => document.getElementById(fieldId(field))?.focus());
    return () => subscription.unsubscribe();
  }, [actor, fieldId]);
  return (event) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
}
