// Tab 3, Defendant Personal and Vehicle Information (docs/product/intake-form.md#defendant-information),
// in the spec's order; labels, limits and rules are the field catalogue's (src/domain/intake/fields.ts).
import { IntakeTextField, IntakeYesNo } from '../fields';
import { AdjusterFields } from './AdjusterFields';
import * as css from './tabLayout.css';

export function DefendantTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="defendantInformation.clientHasPhotos" />
      <IntakeTextField path="defendantInformation.driversName" />
      <IntakeTextField path="defendantInformation.owner" />
      <IntakeTextField path="defendantInformation.phoneNumber" />
      <IntakeTextField path="defendantInformation.address" span="twoThirds" />
      <IntakeTextField path="defendantInformation.information" span="full" />
      <IntakeTextField path="defendantInformation.vin" />
      <IntakeTextField path="defendantInformation.licensePlate" />
      <IntakeYesNo path="defendantInformation.drivable" />
      <IntakeTextField path="defendantInformation.insuredBy" />
      <IntakeTextField path="defendantInformation.policyNo" />
      <IntakeTextField path="defendantInformation.claimNo" />
      <AdjusterFields section="defendantInformation" />
    </div>
  );
}
