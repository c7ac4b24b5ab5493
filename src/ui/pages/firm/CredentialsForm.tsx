import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { credentialsSchema, emptyCredentials, type CredentialsInput } from '../../../domain/schemas/credentials';
import { validateFields, type FieldErrors } from '../../../domain/schemas/shared';
import { credentialsToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/TextInput';
import * as layout from '../../theme/layout.css';
import { appCredentialsMachine } from './firmActors';
import { useMachineActor } from '../../app/inspect';

type Field = keyof CredentialsInput;

const fieldOrder: readonly Field[] = ['companyId', 'apiKey', 'integrationId'];
const fieldId = (field: Field) => `neos-${field}`;

export interface CredentialsFormProps {
  /** Called with the three values only after the validation call succeeded (docs/product/firm-and-neos.md). */
  onSubmit: (credentials: CredentialsInput) => void;
  /** The host is storing validated credentials: the button waits for it too. */
  saving?: boolean;
}

/** docs/product/firm-and-neos.md Integration credentials form: three fields and 'Validate Credentials'. */
export function CredentialsForm({ onSubmit, saving = false }: CredentialsFormProps) {
  const validation = useMachineActor(appCredentialsMachine);
  const validating = useSelector(validation, (snapshot) => snapshot.hasTag('busy'));
  const [values, setValues] = useState<CredentialsInput>({ ...emptyCredentials });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  // An effect event: the subscription below is made once and still calls the latest onSubmit.
  const submitValidated = useEffectEvent((credentials: CredentialsInput) => onSubmit(credentials));

  useToastEvents(validation, credentialsToasts);

  useEffect(() => {
    const subscription = validation.on('validated', ({ credentials }) => submitValidated(credentials));
    return () => subscription.unsubscribe();
  }, [validation]);

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateFields(credentialsSchema, next));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const found = validateFields(credentialsSchema, values);
    setErrors(found);
    const firstInvalid = fieldOrder.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    validation.send({ type: 'credentials.validate', credentials: credentialsSchema.cast(values) });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Integration credentials">
      <div className={layout.formGrid}>
        <TextInput
          id={fieldId('companyId')}
          label="Company Id"
          required
          autoComplete="off"
          value={values.companyId}
          onChange={(value) => change('companyId', value)}
          error={errors.companyId}
        />
        <TextInput
          id={fieldId('apiKey')}
          label="API Key"
          required
          // A secret: not shown on screen, not offered to the browser's password manager.
          type="password"
          autoComplete="new-password"
          value={values.apiKey}
          onChange={(value) => change('apiKey', value)}
          error={errors.apiKey}
        />
        <TextInput
          id={fieldId('integrationId')}
          label="Integration Id"
          required
          autoComplete="off"
          value={values.integrationId}
          onChange={(value) => change('integrationId', value)}
          error={errors.integrationId}
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
