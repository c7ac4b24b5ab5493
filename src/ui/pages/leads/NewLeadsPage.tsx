import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { todayIso } from '../../../domain/dates';
import type { LeadGender, YesNo } from '../../../domain/enums';
import { emptyLead, leadSchema, type LeadFormValues } from '../../../domain/schemas/lead';
import { validateFields, type FieldErrors } from '../../../domain/schemas/shared';
import { leadRegistrationToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { DateInput } from '../../components/DateInput';
import { PageHeader } from '../../components/PageHeader';
import { RadioGroup, type RadioOption } from '../../components/RadioGroup';
import { TextInput } from '../../components/TextInput';
import { DuplicateDialog } from './DuplicateDialog';
import { appLeadRegistrationMachine } from './leadActors';
import * as layout from '../../theme/layout.css';
import * as css from './leads.css';
import { useMachineActor } from '../../app/inspect';

type Field = keyof LeadFormValues;
type TextField = Exclude<Field, 'birthDate' | 'gender' | 'minor'>;

/** docs/product/leads.md Lead Registration: the order of the fields on screen. */
export const LEAD_FIELD_ORDER: readonly Field[] = [
  'lastName',
  'middleName',
  'firstName',
  'birthDate',
  'address',
  'city',
  'county',
  'state',
  'country',
  'zipCode',
  'email',
  'gender',
  'phone',
  'minor',
];

const genderOptions: readonly RadioOption<LeadGender>[] = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];

const minorOptions: readonly RadioOption<YesNo>[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const fieldId = (field: Field) => `lead-${field}`;

function validate(values: LeadFormValues): FieldErrors {
  return validateFields(leadSchema, values, { today: todayIso() });
}

/** /new-leads (docs/product/leads.md Lead Registration, docs/product/leads.md Lead form, docs/product/leads.md). */
export function NewLeadsPage() {
  const registration = useMachineActor(appLeadRegistrationMachine);
  const busy = useSelector(registration, (snapshot) => snapshot.hasTag('busy'));
  const confirming = useSelector(registration, (snapshot) => snapshot.matches('confirmingDuplicate'));
  const refusal = useSelector(registration, (snapshot) => snapshot.context.error);
  const [values, setValues] = useState<LeadFormValues>({ ...emptyLead });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);

  useToastEvents(registration, leadRegistrationToasts);

  useEffect(() => {
    // docs/product/leads.md: after success the form resets. On any failure it keeps what was typed.
    const subscription = registration.on('created', () => {
      setValues({ ...emptyLead });
      setErrors({});
      setAttempted(false);
    });
    return () => subscription.unsubscribe();
  }, [registration]);

  function change<K extends Field>(field: K, value: LeadFormValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages appear on the first submit, then follow the typing so a fix clears its message.
    if (attempted) setErrors(validate(next));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = LEAD_FIELD_ORDER.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      // A radio group has no control of its own id; focus goes to its first option.
      const control =
        document.getElementById(fieldId(firstInvalid)) ?? document.querySelector<HTMLElement>(`input[name="${firstInvalid}"]`);
      control?.focus();
      return;
    }
    registration.send({ type: 'form.submit', lead: leadSchema.cast(values) });
  }

  const text = (field: TextField, label: string, options: { required?: boolean; type?: 'email' | 'tel' } = {}) => (
    <TextInput
      id={fieldId(field)}
      name={field}
      label={label}
      required={options.required ?? true}
      type={options.type}
      value={values[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
    />
  );

  return (
    <>
      <PageHeader title="Lead Registration" />
      <form className={layout.panel} noValidate onSubmit={submit} aria-label="Lead Registration">
        <div className={layout.formGrid}>
          {text('lastName', 'Last Name')}
          {text('middleName', 'Middle Name', { required: false })}
          {text('firstName', 'First Name')}
          <DateInput
            id={fieldId('birthDate')}
            name="birthDate"
            label="Birth Date"
            required
            // docs/product/leads.md: a birth date cannot be in the future.
            max={todayIso()}
            value={values.birthDate}
            onChange={(value) => change('birthDate', value)}
            error={errors.birthDate}
          />
          {text('address', 'Address')}
          {text('city', 'City')}
          {text('county', 'County')}
          {text('state', 'State')}
          {text('country', 'Country')}
          {text('zipCode', 'Zip Code')}
          {text('email', 'Email', { required: false, type: 'email' })}
          <RadioGroup<LeadGender>
            id={fieldId('gender')}
            name="gender"
            label="Gender"
            required
            options={genderOptions}
            value={values.gender === '' ? null : values.gender}
            onChange={(value) => change('gender', value)}
            error={errors.gender}
          />
          {text('phone', 'Phone', { type: 'tel' })}
          <RadioGroup<YesNo>
            id={fieldId('minor')}
            name="minor"
            label="Minor"
            required
            options={minorOptions}
            value={values.minor === '' ? null : values.minor}
            onChange={(value) => change('minor', value)}
            error={errors.minor}
          />
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
