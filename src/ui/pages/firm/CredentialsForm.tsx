import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CredentialsInput } from '../../../domain/schemas/credentials';
import { credentialsToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { TextInput, type TextInputProps } from '../../components/TextInput';
import * as layout from '../../theme/layout.css';
import { appCredentialsMachine } from './firmActors';
import { useMachineActor } from '../../app/inspect';

type Field = keyof CredentialsInput;
type CredentialsActor = ActorRefFrom<typeof appCredentialsMachine>;

const fieldId = (field: string) => `neos-${field}`;

export interface CredentialsFormProps {
  /** Called with the three values only after the validation call succeeded (docs/product/firm-and-neos.md#validating). */
  onSubmit: (credentials: CredentialsInput) => void;
  /** The host is storing validated credentials: the button waits for it too. */
  saving?: boolean;
}

/** One field, subscribed to its own value and message in the machine. */
function CredentialsField({
  actor,
  field,
  ...props
}: { actor: CredentialsActor; field: Field } & Pick<TextInputProps, 'label' | 'type' | 'autoComplete'>) {
  const value = useSelector(actor, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(actor, (snapshot) => snapshot.context.errors[field]);
  return (
    <TextInput
      {...props}
      id={fieldId(field)}
      required
      value={value}
      onChange={(text) => actor.send({ type: 'field.change', field, value: text })}
      error={error}
    />
  );
}

/** docs/product/firm-and-neos.md#neos-credentials: three fields and 'Validate Credentials'. */
export function CredentialsForm({ onSubmit, saving = false }: CredentialsFormProps) {
  const validation = useMachineActor(appCredentialsMachine, { input: {} });
  const validating = useSelector(validation, (snapshot) => snapshot.hasTag('busy'));
  // An effect event: the subscription below is made once and still calls the latest onSubmit.
  const submitValidated = useEffectEvent((credentials: CredentialsInput) => onSubmit(credentials));

  useToastEvents(validation, credentialsToasts);

  useEffect(() => {
    const subscriptions = [
      validation.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus()),
      validation.on('validated', ({ credentials }) => submitValidated(credentials)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [validation]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    validation.send({ type: 'form.submit' });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Integration credentials">
      <div className={layout.formGrid}>
        <CredentialsField actor={validation} field="companyId" label="Company Id" autoComplete="off" />
        <CredentialsField
          actor={validation}
          field="apiKey"
          label="API Key"
          // A secret: not shown on screen, not offered to the browser's password manager.
          type="password"
          autoComplete="new-password"
        />
        <CredentialsField actor={validation} field="integrationId" label="Integration Id" autoComplete="off" />
      </div>
      <div className={layout.formButtons}>
        <Button type="submit" loading={validating || saving}>
          Validate Credentials
        </Button>
      </div>
    </form>
  );
}
