import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, type FormEvent } from 'react';
import type { CredentialsInput } from '../../../domain/schemas/credentials';
import { credentialsToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { FormTextInput } from '../../app/formField';
import * as layout from '../../theme/layout.css';
import { appCredentialsMachine } from './firmActors';
import { useMachineActor } from '../../app/inspect';

const fieldId = (field: string) => `neos-${field}`;

export interface CredentialsFormProps {
  /** Called with the three values only after the validation call succeeded (docs/product/firm-and-neos.md#validating). */
  onSubmit: (credentials: CredentialsInput) => void;
  /** The host is storing validated credentials: the button waits for it too. */
  saving?: boolean;
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
        <FormTextInput actor={validation} field="companyId" id={fieldId('companyId')} required label="Company Id" autoComplete="off" />
        <FormTextInput
          actor={validation}
          field="apiKey"
          id={fieldId('apiKey')}
          required
          label="API Key"
          // A secret: not shown on screen, not offered to the browser's password manager.
          type="password"
          autoComplete="new-password"
        />
        <FormTextInput
          actor={validation}
          field="integrationId"
          id={fieldId('integrationId')}
          required
          label="Integration Id"
          autoComplete="off"
        />
      </div>
      <div className={layout.formButtons}>
        <Button type="submit" loading={validating || saving}>
          Validate Credentials
        </Button>
      </div>
    </form>
  );
}
