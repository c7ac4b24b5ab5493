import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../../../domain/constants';
import { limitationPeriodText, limitationYearChoices } from '../../../domain/limitation';
import { firmFormToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { Checkbox } from '../../components/Checkbox';
import { secondFactorTexts } from '../../../domain/texts';
import { useSignedInPrivilege } from '../../app/session';
import { CredentialsForm } from './CredentialsForm';
import * as layout from '../../theme/layout.css';
import { appFirmFormMachine } from './firmActors';
import { NeosDetails } from './FirmDetails';
import { FirmLoadState } from './FirmLoadState';
import { EngagementTermsSection } from './EngagementTermsSection';
import { useMachineActor } from '../../app/inspect';
import { FormTextInput, useFormField, useFormSubmit } from '../../app/formField';

type FirmFormActor = ActorRefFrom<typeof appFirmFormMachine>;

const limitationOptions = limitationYearChoices.map((years) => ({ value: String(years), label: limitationPeriodText(years) }));
const fieldId = (field: string) => `firm-${field}`;

function LimitationField({ actor }: { actor: FirmFormActor }) {
  const { value, error, change } = useFormField(actor, 'limitationYears');
  return (
    <SelectField
      id={fieldId('limitationYears')}
      label="Limitation Period"
      required
      options={limitationOptions}
      value={String(value)}
      onChange={(years) => change(Number(years))}
      error={error}
    />
  );
}

/** Only the owner decides it (docs/product/sign-in-and-session.md, Second factor); the server refuses anyone else. */
function RequireSecondFactorField({ actor }: { actor: FirmFormActor }) {
  const { value, change } = useFormField(actor, 'requireSecondFactor');
  const owner = useSignedInPrivilege() === 'owner';
  return (
    <Checkbox
      id={fieldId('requireSecondFactor')}
      label={secondFactorTexts.requireLabel}
      checked={value}
      onChange={change}
      disabled={!owner}
    />
  );
}

/** The firm's fields, filled by the machine from the firm as loaded; what is typed stays after a failed save. */
function FirmFields({ actor }: { actor: FirmFormActor }) {
  const navigate = useNavigate();
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ ready: { save: 'saving' } }));

  const submit = useFormSubmit(actor, fieldId);

  return (
    <form noValidate onSubmit={submit} aria-label="Firm Information">
      <div className={layout.formGrid}>
        <FormTextInput
          actor={actor}
          field="firmName"
          id={fieldId('firmName')}
          label="Firm Name"
          required
          maxLength={FIRM_NAME_MAX_LENGTH}
        />
        <FormTextInput
          actor={actor}
          field="firmContact"
          id={fieldId('firmContact')}
          label="Contact"
          required
          maxLength={FIRM_CONTACT_MAX_LENGTH}
        />
        <FormTextInput actor={actor} field="firmMail" id={fieldId('firmMail')} label="Email" required type="email" />
        <FormTextInput
          actor={actor}
          field="firmAddress"
          id={fieldId('firmAddress')}
          label="Address"
          required
          maxLength={FIRM_ADDRESS_MAX_LENGTH}
        />
        <LimitationField actor={actor} />
        <RequireSecondFactorField actor={actor} />
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
          <EngagementTermsSection />
        </>
      ) : (
        <FirmLoadState failed={failed} onRetry={() => form.send({ type: 'firm.reload' })} />
      )}
    </>
  );
}
