import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { todayIso } from '../../../domain/dates';
import type { LeadGender, YesNo } from '../../../domain/enums';
import type { LeadFormValues } from '../../../domain/schemas/lead';
import type { leadRegistrationMachine } from '../../../machines/leadRegistration.machine';
import { leadRegistrationToasts } from '../../app/factToasts';
import { FormTextInput, useFormField } from '../../app/formField';
import { useMachineActor } from '../../app/inspect';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { DateInput } from '../../components/DateInput';
import { PageHeader } from '../../components/PageHeader';
import { RadioGroup, type RadioOption } from '../../components/RadioGroup';
import * as layout from '../../theme/layout.css';
import { DuplicateDialog } from './DuplicateDialog';
import { appLeadRegistrationMachine } from './leadActors';
import * as css from './leads.css';

type LeadActor = ActorRefFrom<typeof leadRegistrationMachine>;
type Field = keyof LeadFormValues;
type TextField = Exclude<Field, 'birthDate' | 'gender' | 'minor'>;

const genderOptions: readonly RadioOption<LeadGender>[] = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];

const minorOptions: readonly RadioOption<YesNo>[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const fieldId = (field: Field) => `lead-${field}`;

interface TextFieldProps {
  actor: LeadActor;
  field: TextField;
  label: string;
  required?: boolean;
  type?: 'email' | 'tel';
}

function LeadTextField({ actor, field, label, required = true, type }: TextFieldProps) {
  return <FormTextInput actor={actor} field={field} id={fieldId(field)} name={field} label={label} required={required} type={type} />;
}

function LeadBirthDate({ actor }: { actor: LeadActor }) {
  const { value, error, change } = useFormField(actor, 'birthDate');
  return (
    <DateInput
      id={fieldId('birthDate')}
      name="birthDate"
      label="Birth Date"
      required
      // docs/product/leads.md: a birth date cannot be in the future.
      max={todayIso()}
      value={value}
      onChange={change}
      error={error}
    />
  );
}

interface ChoiceProps<K extends 'gender' | 'minor'> {
  actor: LeadActor;
  field: K;
  label: string;
  options: readonly RadioOption<Exclude<LeadFormValues[K], ''>>[];
}

function LeadChoice<K extends 'gender' | 'minor'>({ actor, field, label, options }: ChoiceProps<K>) {
  const { value, error, change } = useFormField(actor, field);
  return (
    <RadioGroup<Exclude<LeadFormValues[K], ''>>
      id={fieldId(field)}
      name={field}
      label={label}
      required
      options={options}
      // '' is "not chosen yet": nothing is checked.
      value={value === '' ? null : (value as Exclude<LeadFormValues[K], ''>)}
      onChange={change}
      error={error}
    />
  );
}

/** /new-leads (docs/product/leads.md Lead Registration): the form of leadRegistration.machine.ts. */
export function NewLeadsPage() {
  const registration = useMachineActor(appLeadRegistrationMachine, { input: {} });
  const busy = useSelector(registration, (snapshot) => snapshot.hasTag('busy'));
  const confirming = useSelector(registration, (snapshot) => snapshot.matches({ registration: 'confirmingDuplicate' }));
  const refusal = useSelector(registration, (snapshot) => snapshot.context.error);

  useToastEvents(registration, leadRegistrationToasts);

  useEffect(() => {
    const subscription = registration.on('invalid', ({ field }) => {
      // A radio group has no control of its own id; focus goes to its first option.
      const control = document.getElementById(fieldId(field)) ?? document.querySelector<HTMLElement>(`input[name="${field}"]`);
      control?.focus();
    });
    return () => subscription.unsubscribe();
  }, [registration]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    registration.send({ type: 'form.submit' });
  }

  return (
    <>
      <PageHeader title="Lead Registration" />
      <form className={layout.panel} noValidate onSubmit={submit} aria-label="Lead Registration">
        <div className={layout.formGrid}>
          <LeadTextField actor={registration} field="lastName" label="Last Name" />
          <LeadTextField actor={registration} field="middleName" label="Middle Name" required={false} />
          <LeadTextField actor={registration} field="firstName" label="First Name" />
          <LeadBirthDate actor={registration} />
          <LeadTextField actor={registration} field="address" label="Address" />
          <LeadTextField actor={registration} field="city" label="City" />
          <LeadTextField actor={registration} field="county" label="County" />
          <LeadTextField actor={registration} field="state" label="State" />
          <LeadTextField actor={registration} field="country" label="Country" />
          <LeadTextField actor={registration} field="zipCode" label="Zip Code" />
          <LeadTextField actor={registration} field="email" label="Email" required={false} type="email" />
          <LeadChoice actor={registration} field="gender" label="Gender" options={genderOptions} />
          <LeadTextField actor={registration} field="phone" label="Phone" type="tel" />
          <LeadChoice actor={registration} field="minor" label="Minor" options={minorOptions} />
        </div>
        {refusal !== undefined && (
          <p className={css.refusal} role="alert">
            {refusal}
          </p>
        )}
        <div className={css.buttons}>
          <Button type="submit" loading={busy}>
            Submit
          </Button>
        </div>
      </form>
      {confirming && <DuplicateDialog actor={registration} />}
    </>
  );
}
