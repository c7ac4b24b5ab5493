// Tab 1, Client Personal Information (docs/product/intake-form.md), fields in the spec's order. The tab
// subscribes to nothing: each field reads its own slice of the intake (intakeFieldBinding).
import { todayIso } from '../../../../domain/dates';
import { ssnStatuses, ssnStatusLabels, type CivilStatus, type Gender, type SsnStatus } from '../../../../domain/enums';
import type { RadioOption } from '../../../components/RadioGroup';
import type { SelectOption } from '../../../components/SelectField';
import {
  IntakeCountField,
  IntakeDateField,
  IntakeRadio,
  IntakeSelect,
  IntakeTextField,
  IntakeYesNo,
  LanguagesField,
  PhoneUsageField,
  SsnItinField,
} from '../fields';
import { personalRequirements as when } from './conditionalRequirements';
import * as css from './tabLayout.css';

const genderOptions: readonly RadioOption<Gender>[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

const civilStatusOptions: readonly RadioOption<CivilStatus>[] = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
];

const ssnStatusOptions: readonly SelectOption<SsnStatus>[] = ssnStatuses.map((status) => ({
  value: status,
  label: ssnStatusLabels[status],
}));

export function PersonalTab() {
  return (
    <div className={css.grid}>
      <IntakeTextField path="personalInformation.firstName" label="First Name" required />
      <IntakeTextField path="personalInformation.middleName" label="Middle Name" />
      <IntakeTextField path="personalInformation.lastName" label="Last Name" required />
      <LanguagesField span="full" />
      <IntakeTextField path="personalInformation.address" label="Address" required span="full" />
      <IntakeTextField path="personalInformation.phoneNumber" label="Phone Number" type="tel" required />
      <PhoneUsageField span="twoThirds" />
      <IntakeTextField path="personalInformation.email" label="E-mail" type="email" required />
      <IntakeTextField path="personalInformation.dl" label="DL" required />
      <IntakeRadio path="personalInformation.gender" label="Gender" options={genderOptions} required />
      <IntakeRadio path="personalInformation.civilStatus" label="Civil Status" options={civilStatusOptions} required />
      {/* Not after today (docs/product/intake-form.md tab 1, docs/product/intake-form.md). */}
      <IntakeDateField path="personalInformation.birthDate" label="Birth Date" max={todayIso()} required />
      <IntakeSelect path="personalInformation.status" label="Status" options={ssnStatusOptions} required />
      <SsnItinField />
      <IntakeTextField path="personalInformation.alternateContact" label="Alternate Contact" />
      <IntakeTextField
        path="personalInformation.relationshipToClient"
        label="Relationship to Client"
        required={when.relationshipToClient}
      />
      <IntakeTextField path="personalInformation.altPhoneNumber" label="Alternate Number" type="tel" />
      <IntakeTextField path="personalInformation.minorParentsName" label="Minor Parent's Name" required={when.minorParentsName} />
      <IntakeYesNo path="personalInformation.passengers" label="Passengers?" required />
      <IntakeCountField path="personalInformation.passengerCount" label="How Many?" min={0} required={when.passengerCount} />
      <IntakeTextField path="personalInformation.seatingPosition" label="Seating Position" required />
      <IntakeYesNo path="personalInformation.existingClient" label="Existing client for other incident?" required />
    </div>
  );
}
