// Tab 2, Client Vehicle Information (docs/product/intake-form.md#vehicle-information), fields in the
// spec's order; labels and rules are the field catalogue's (src/domain/intake/fields.ts).
import { IntakeTextField, IntakeYesNo } from '../fields';
import { AdjusterFields } from './AdjusterFields';
import * as css from './tabLayout.css';

export function VehicleTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="vehicleInformation.clientHasPhotos" />
      <IntakeTextField path="vehicleInformation.information" span="twoThirds" />
      <IntakeTextField path="vehicleInformation.owner" />
      <IntakeYesNo path="vehicleInformation.drivable" />
      <IntakeYesNo path="vehicleInformation.lienHolder" />
      <IntakeTextField path="vehicleInformation.financeCompany" />
      <IntakeTextField path="vehicleInformation.vin" />
      <IntakeTextField path="vehicleInformation.licensePlate" />
      <IntakeTextField path="vehicleInformation.pds" />
      <IntakeYesNo path="vehicleInformation.tl" />
      <IntakeYesNo path="vehicleInformation.towed" />
      <IntakeTextField path="vehicleInformation.location" />
      <IntakeTextField path="vehicleInformation.repairFacility" />
      <IntakeTextField path="vehicleInformation.phoneNumber" />
      <IntakeTextField path="vehicleInformation.insuredBy" />
      <IntakeTextField path="vehicleInformation.policyNo" />
      <IntakeTextField path="vehicleInformation.claimNo" />
      <AdjusterFields section="vehicleInformation" />
    </div>
  );
}
