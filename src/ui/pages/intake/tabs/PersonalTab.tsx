// Tab 1, Client Personal Information (docs/product/intake-form.md#personal-information), fields in
// the spec's order; labels and rules are the field catalogue's (src/domain/intake/fields.ts). The
// tab subscribes to nothing: each field reads its own slice of the intake (intakeFieldBinding).
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
import * as css from './tabLayout.css';

export function PersonalTab() {
  return (
    <div className={css.grid}>
      <IntakeTextField path="personalInformation.firstName" />
      <IntakeTextField path="personalInformation.middleName" />
      <IntakeTextField path="personalInformation.lastName" />
      <LanguagesField span="full" />
      <IntakeTextField path="personalInformation.address" span="full" />
      <IntakeTextField path="personalInformation.phoneNumber" />
      <PhoneUsageField span="twoThirds" />
      <IntakeTextField path="personalInformation.email" />
      <IntakeTextField path="personalInformation.dl" />
      <IntakeRadio path="personalInformation.gender" />
      <IntakeRadio path="personalInformation.civilStatus" />
      <IntakeDateField path="personalInformation.birthDate" />
      <IntakeSelect path="personalInformation.status" />
      <SsnItinField />
      <IntakeTextField path="personalInformation.alternateContact" />
      <IntakeTextField path="personalInformation.relationshipToClient" />
      <IntakeTextField path="personalInformation.altPhoneNumber" />
      <IntakeTextField path="personalInformation.minorParentsName" />
      <IntakeYesNo path="personalInformation.passengers" />
      <IntakeCountField path="personalInformation.passengerCount" />
      <IntakeTextField path="personalInformation.seatingPosition" />
      <IntakeYesNo path="personalInformation.existingClient" />
    </div>
  );
}
