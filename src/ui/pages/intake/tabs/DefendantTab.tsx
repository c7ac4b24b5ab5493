// Tab 3, Defendant Personal and Vehicle Information (docs/product/intake-form.md), in the spec's order:
// Address limit 100, Vehicle Information limit 90 (src/domain/intake/limits.ts).
import { IntakeTextField, IntakeYesNo } from '../fields';
import { AdjusterFields } from './AdjusterFields';
import * as css from './tabLayout.css';

export function DefendantTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="defendantInformation.clientHasPhotos" label="Client has photos" required />
      <IntakeTextField path="defendantInformation.driversName" label="Driver's name" required />
      <IntakeTextField path="defendantInformation.owner" label="Owner" required />
      <IntakeTextField path="defendantInformation.phoneNumber" label="Phone Number" type="tel" required />
      <IntakeTextField path="defendantInformation.address" label="Address" required span="twoThirds" />
      <IntakeTextField path="defendantInformation.information" label="Vehicle Information" required span="full" />
      <IntakeTextField path="defendantInformation.vin" label="VIN" required />
      <IntakeTextField path="defendantInformation.licensePlate" label="License plate" required />
      <IntakeYesNo path="defendantInformation.drivable" label="Drivable" required />
      <IntakeTextField path="defendantInformation.insuredBy" label="Insured by" required />
      <IntakeTextField path="defendantInformation.policyNo" label="Policy#" required />
      <IntakeTextField path="defendantInformation.claimNo" label="Claim#" required />
      <AdjusterFields section="defendantInformation" />
    </div>
  );
}
