// The fields Edit Profile and Employee Registration share (docs/product/people.md: "Same fields as Edit
// Profile"), in the spec's order. Each field subscribes to its own value and message in the form
// machine, so a keystroke re-renders that field only (docs/code-style.md, A view).
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { todayIso } from '../../../domain/dates';
import type { Privilege } from '../../../domain/enums';
import { formatSsnOver } from '../../../domain/formatters';
import { isMaskedSsn } from '../../../domain/ssnMask';
import type { FieldErrors } from '../../../domain/schemas/shared';
import type { ProfileFormValues } from '../../../domain/schemas/user';
import { valueOf, type FieldChangeEvent, type UserField, type UserFieldValues } from '../../../machines/userFormParts';
import { DateInput } from '../../components/DateInput';
import { RadioGroup, type RadioOption } from '../../components/RadioGroup';
import { RevealButton, useShownNumber, type RevealActor } from '../../components/Reveal';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { TextInput, type TextInputProps } from '../../components/TextInput';
import * as layout from '../../theme/layout.css';
import { civilStatusOptions, genderOptions, phoneUsageOptions, ssnStatusOptions } from './userLabels';

/** What the fields need of either form machine's actor. */
export interface UserFormActor {
  getSnapshot(): {
    context: { values: ProfileFormValues & { privilege?: Privilege }; errors: FieldErrors };
    hasTag(tag: string): boolean;
  };
  subscribe: AnyActorRef['subscribe'];
  send(event: FieldChangeEvent): void;
}

/** openapi.yaml's maxLength of each text the API stores (User, UserInformation). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;

/** The DOM id of a field's control, for focusing the first invalid one. */
export function fieldId(field: string): string {
  return `user-form-${field.replace('.', '-')}`;
}

type TextField = { [Field in UserField]: string extends UserFieldValues[Field] ? Field : never }[UserField];
type ChoiceField = Exclude<UserField, TextField>;

function useFieldState<Field extends UserField>(actor: UserFormActor, field: Field) {
  const value = useSelector(actor, (snapshot) => valueOf(snapshot.context.values, field));
  const error = useSelector(actor, (snapshot) => snapshot.context.errors[field]);
  const disabled = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  return { value, error, disabled };
}

function change<Field extends UserField>(actor: UserFormActor, field: Field, value: UserFieldValues[Field]) {
  // Field and value are tied by UserFieldValues; TypeScript cannot narrow a generic union member.
  actor.send({ type: 'field.change', field, value } as FieldChangeEvent);
}

interface TextFieldProps extends Pick<TextInputProps, 'type' | 'autoComplete' | 'format' | 'maxLength' | 'inputMode' | 'required'> {
  actor: UserFormActor;
  field: TextField;
  label: string;
}

export function FormTextField({ actor, field, label, ...inputProps }: TextFieldProps) {
  const { value, error, disabled } = useFieldState(actor, field);
  return (
    <TextInput
      {...inputProps}
      id={fieldId(field)}
      name={field}
      label={label}
      value={value ?? ''}
      error={error}
      disabled={disabled}
      onChange={(text) => change(actor, field, text)}
    />
  );
}

interface ChoiceProps<Field extends ChoiceField> {
  actor: UserFormActor;
  field: Field;
  label: string;
  options: readonly (RadioOption<UserFieldValues[Field]> & SelectOption<UserFieldValues[Field]>)[];
  required?: boolean;
}

function FormRadioField<Field extends ChoiceField>({ actor, field, label, options, required }: ChoiceProps<Field>) {
  const { value, error, disabled } = useFieldState(actor, field);
  return (
    <RadioGroup
      id={fieldId(field)}
      name={field}
      label={label}
      options={options}
      value={value}
      error={error}
      disabled={disabled}
      required={required}
      onChange={(chosen) => change(actor, field, chosen)}
    />
  );
}

export function FormSelectField<Field extends ChoiceField>({ actor, field, label, options, required }: ChoiceProps<Field>) {
  const { value, error, disabled } = useFieldState(actor, field);
  return (
    <SelectField
      id={fieldId(field)}
      name={field}
      label={label}
      options={options}
      value={value ?? ''}
      placeholder={value === null ? 'Select...' : undefined}
      error={error}
      disabled={disabled}
      required={required}
      onChange={(chosen) => change(actor, field, chosen)}
    />
  );
}

function BirthDateField({ actor }: { actor: UserFormActor }) {
  const field = 'userInformation.birthDate';
  const { value, error, disabled } = useFieldState(actor, field);
  return (
    <DateInput
      id={fieldId(field)}
      name={field}
      label="Birthdate"
      required
      // docs/product/people.md Edit Profile: the picker's maximum is today.
      max={todayIso()}
      value={value ?? ''}
      error={error}
      disabled={disabled}
      onChange={(date) => change(actor, field, date)}
    />
  );
}

/** Whose stored SSN/ITIN the form shows masked, and the actor that reveals them. */
export interface NumberReveal {
  actor: RevealActor;
  userId: string;
}

interface NumberFieldProps {
  actor: UserFormActor;
  field: 'userInformation.ssn' | 'userInformation.itin';
  label: string;
  required?: boolean;
  reveal?: NumberReveal;
}

/**
 * SSN or ITIN, formatted 123-45-6789 as typed (docs/product/people.md). A stored number arrives masked
 * ('***-**-6789'): 'Show' reveals it, typing replaces it, and an untouched mask is saved back as it
 * came, which keeps the stored number (docs/product/people.md#ssn-and-itin).
 */
function NumberField(props: NumberFieldProps) {
  return props.reveal ? <RevealableNumberField {...props} reveal={props.reveal} /> : <NumberInput {...props} shown={undefined} />;
}

function RevealableNumberField(props: NumberFieldProps & { reveal: NumberReveal }) {
  const value = useSelector(props.actor, (snapshot) => valueOf(snapshot.context.values, props.field));
  const shown = useShownNumber(props.reveal.actor, props.field === 'userInformation.ssn' ? 'ssn' : 'itin', value);
  return <NumberInput {...props} shown={shown} />;
}

/** `shown`: the number in full once revealed, else the form's value. */
function NumberInput({ actor, field, label, required, reveal, shown }: NumberFieldProps & { shown: string | undefined }) {
  const { value, error, disabled } = useFieldState(actor, field);
  const text = shown ?? value ?? '';
  return (
    <div>
      <TextInput
        id={fieldId(field)}
        name={field}
        label={label}
        value={text}
        error={error}
        disabled={disabled}
        required={required}
        inputMode="numeric"
        autoComplete="off"
        format={(typed) => formatSsnOver(text, typed)}
        onChange={(typed) => change(actor, field, typed)}
      />
      {reveal && isMaskedSsn(value) && <RevealButton actor={reveal.actor} subject={reveal.userId} what={label} />}
    </div>
  );
}

/** docs/product/people.md: the SSN field shows only while the status is hasSsn. */
function SsnField({ actor, reveal }: { actor: UserFormActor; reveal?: NumberReveal }) {
  const hasSsn = useSelector(actor, (snapshot) => snapshot.context.values.userInformation.ssnStatus === 'hasSsn');
  if (!hasSsn) return null;
  return <NumberField actor={actor} field="userInformation.ssn" label="SSN" required reveal={reveal} />;
}

export interface UserFormFieldsProps {
  actor: UserFormActor;
  /** Employee registration requires a password; profile edit keeps the current one when empty (docs/product/people.md). */
  passwordRequired: boolean;
  /** Fields one form adds after the shared ones (Employee Registration's Privilege). */
  children?: ReactNode;
  /** Profile edit: the stored SSN/ITIN arrive masked, with 'Show'. */
  reveal?: NumberReveal;
}

export function UserFormFields({ actor, passwordRequired, children, reveal }: UserFormFieldsProps) {
  return (
    <div className={layout.formGrid}>
      <FormTextField actor={actor} field="firstName" label="First Name" required autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
      <FormTextField actor={actor} field="middleName" label="Middle Name" autoComplete="additional-name" maxLength={NAME_MAX_LENGTH} />
      <FormTextField actor={actor} field="lastName" label="Last Name" required autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
      <FormRadioField actor={actor} field="userInformation.civilStatus" label="Civil Status" options={civilStatusOptions} />
      <FormTextField
        actor={actor}
        field="password"
        label="Password"
        type="password"
        required={passwordRequired}
        autoComplete="new-password"
      />
      <FormTextField
        actor={actor}
        field="confirmPassword"
        label="Confirm Password"
        type="password"
        required={passwordRequired}
        autoComplete="new-password"
      />
      <FormTextField actor={actor} field="email" label="Email" type="email" required autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
      <FormTextField
        actor={actor}
        field="userInformation.phoneNumber"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
      />
      <FormRadioField actor={actor} field="userInformation.usage" label="Phone Usage" options={phoneUsageOptions} />
      <FormRadioField actor={actor} field="userInformation.gender" label="Gender" options={genderOptions} />
      <BirthDateField actor={actor} />
      <FormSelectField actor={actor} field="userInformation.ssnStatus" label="SSN Status" options={ssnStatusOptions} />
      <SsnField actor={actor} reveal={reveal} />
      <NumberField actor={actor} field="userInformation.itin" label="ITIN" reveal={reveal} />
      {children}
    </div>
  );
}
