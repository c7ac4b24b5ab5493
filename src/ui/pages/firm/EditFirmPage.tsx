import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Firm } from '../../../api/firm';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../../../domain/constants';
import { limitationPeriodText, limitationYearChoices } from '../../../domain/limitation';
import { firmSchema, type FirmInput } from '../../../domain/schemas/firm';
import { validateFields, type FieldErrors } from '../../../domain/schemas/shared';
import { firmFormToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { TextInput } from '../../components/TextInput';
import { CredentialsForm } from './CredentialsForm';
import * as layout from '../../theme/layout.css';
import { appFirmFormMachine } from './firmActors';
import { NeosDetails } from './FirmDetails';
import { FirmLoadState } from './FirmLoadState';
import { useMachineActor } from '../../app/inspect';

type Field = keyof FirmInput;
type FirmFormActor = ActorRefFrom<typeof appFirmFormMachine>;

const fieldOrder: readonly Field[] = ['firmName', 'firmContact', 'firmMail', 'firmAddress', 'limitationYears'];
const limitationOptions = limitationYearChoices.map((years) => ({ value: String(years), label: limitationPeriodText(years) }));
const fieldId = (field: Field) => `firm-${field}`;

function formValues(firm: Firm): FirmInput {
  return {
    firmName: firm.firmName,
    firmContact: firm.firmContact ?? '',
    firmMail: firm.firmMail ?? '',
    firmAddress: firm.firmAddress ?? '',
    limitationYears: firm.limitationYears,
  };
}

/** The firm's fields, filled from the firm as loaded; what is typed stays after a failed save. */
function FirmFields({ actor, firm }: { actor: FirmFormActor; firm: Firm }) {
  const navigate = useNavigate();
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const [values, setValues] = useState<FirmInput>(() => formValues(firm));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);

  function change(field: Field, value: string | number) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateFields(firmSchema, next));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const found = validateFields(firmSchema, values);
    setErrors(found);
    const firstInvalid = fieldOrder.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    actor.send({ type: 'form.submit', values: firmSchema.cast(values) });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Firm Information">
      <div className={layout.formGrid}>
        <TextInput
          id={fieldId('firmName')}
          label="Firm Name"
          required
          maxLength={FIRM_NAME_MAX_LENGTH}
          value={values.firmName}
          onChange={(value) => change('firmName', value)}
          error={errors.firmName}
        />
        <TextInput
          id={fieldId('firmContact')}
          label="Contact"
          required
          maxLength={FIRM_CONTACT_MAX_LENGTH}
          value={values.firmContact}
          onChange={(value) => change('firmContact', value)}
          error={errors.firmContact}
        />
        <TextInput
          id={fieldId('firmMail')}
          label="Email"
          required
          type="email"
          value={values.firmMail}
          onChange={(value) => change('firmMail', value)}
          error={errors.firmMail}
        />
        <TextInput
          id={fieldId('firmAddress')}
          label="Address"
          required
          maxLength={FIRM_ADDRESS_MAX_LENGTH}
          value={values.firmAddress}
          onChange={(value) => change('firmAddress', value)}
          error={errors.firmAddress}
        />
        <SelectField
          id={fieldId('limitationYears')}
          label="Limitation Period"
          required
          options={limitationOptions}
          value={String(values.limitationYears)}
          onChange={(value) => change('limitationYears', Number(value))}
          error={errors.limitationYears}
        />
      </div>
      <div className={layout.formButtons}>
        <Button tone="secondary" onClick={() => void navigate(paths.firm)}>
          Discard
        </Button>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/**
 * /edit-firm (docs/product/firm-and-neos.md: content not shown; docs/product/firm-and-neos.md owner and administrator). The firm's fields
 * and, below them, the Integration credentials form: credentials that validate are stored at once,
 * so the firm shows as connected without another button.
 */
export function EditFirmPage() {
  const navigate = useNavigate();
  const form = useMachineActor(appFirmFormMachine);
  const firm = useSelector(form, (snapshot) => snapshot.context.firm);
  const failed = useSelector(form, (snapshot) => snapshot.matches('loadFailed'));
  const savingCredentials = useSelector(form, (snapshot) => snapshot.hasTag('savingCredentials'));

  useToastEvents(form, firmFormToasts);

  useEffect(() => {
    const subscription = form.on('saved', () => void navigate(paths.firm));
    return () => subscription.unsubscribe();
  }, [form, navigate]);

  return (
    <>
      <PageHeader title="Edit Firm" />
      {firm ? (
        <>
          <section className={layout.card} aria-labelledby="edit-firm-information">
            <h2 id="edit-firm-information" className={layout.sectionTitle}>
              Firm Information
            </h2>
            <FirmFields actor={form} firm={firm} />
          </section>
          <section className={layout.card} aria-labelledby="edit-firm-neos">
            <h2 id="edit-firm-neos" className={layout.sectionTitle}>
              Neos Integration
            </h2>
            <NeosDetails firm={firm} />
            <CredentialsForm saving={savingCredentials} onSubmit={(credentials) => form.send({ type: 'credentials.save', credentials })} />
          </section>
        </>
      ) : (
        <FirmLoadState failed={failed} onRetry={() => form.send({ type: 'firm.reload' })} />
      )}
    </>
  );
}
