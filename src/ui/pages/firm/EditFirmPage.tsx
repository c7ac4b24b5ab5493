import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../../../domain/constants';
import { limitationPeriodText, limitationYearChoices } from '../../../domain/limitation';
import type { FirmInput } from '../../../domain/schemas/firm';
import { firmFormToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { TextInput, type TextInputProps } from '../../components/TextInput';
import { CredentialsForm } from './CredentialsForm';
import * as layout from '../../theme/layout.css';
import { appFirmFormMachine } from './firmActors';
import { NeosDetails } from './FirmDetails';
import { FirmLoadState } from './FirmLoadState';
import { useMachineActor } from '../../app/inspect';

type Field = keyof FirmInput;
type FirmFormActor = ActorRefFrom<typeof appFirmFormMachine>;

const limitationOptions = limitationYearChoices.map((years) => ({ value: String(years), label: limitationPeriodText(years) }));
const fieldId = (field: string) => `firm-${field}`;

/** One field's value and message, so a keystroke re-renders that field only (STYLE.md, A view). */
function useField<F extends Field>(actor: FirmFormActor, field: F) {
  const value = useSelector(actor, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(actor, (snapshot) => snapshot.context.errors[field]);
  return { value, error };
}

function FirmTextField({
  actor,
  field,
  ...props
}: { actor: FirmFormActor; field: Exclude<Field, 'limitationYears'> } & Pick<TextInputProps, 'label' | 'maxLength' | 'type'>) {
  const { value, error } = useField(actor, field);
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

function LimitationField({ actor }: { actor: FirmFormActor }) {
  const { value, error } = useField(actor, 'limitationYears');
  return (
    <SelectField
      id={fieldId('limitationYears')}
      label="Limitation Period"
      required
      options={limitationOptions}
      value={String(value)}
      onChange={(years) => actor.send({ type: 'field.change', field: 'limitationYears', value: Number(years) })}
      error={error}
    />
  );
}

/** The firm's fields, filled by the machine from the firm as loaded; what is typed stays after a failed save. */
function FirmFields({ actor }: { actor: FirmFormActor }) {
  const navigate = useNavigate();
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ ready: { save: 'saving' } }));

  useEffect(() => {
    const subscription = actor.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus());
    return () => subscription.unsubscribe();
  }, [actor]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Firm Information">
      <div className={layout.formGrid}>
        <FirmTextField actor={actor} field="firmName" label="Firm Name" maxLength={FIRM_NAME_MAX_LENGTH} />
        <FirmTextField actor={actor} field="firmContact" label="Contact" maxLength={FIRM_CONTACT_MAX_LENGTH} />
        <FirmTextField actor={actor} field="firmMail" label="Email" type="email" />
        <FirmTextField actor={actor} field="firmAddress" label="Address" maxLength={FIRM_ADDRESS_MAX_LENGTH} />
        <LimitationField actor={actor} />
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
            <FirmFields actor={form} />
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
