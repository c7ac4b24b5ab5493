// Tab 2, Client Vehicle Information (docs/product/intake-form.md), fields in the spec's order with their docs/product/intake-form.md
// names (pds = PD Estimate, tl = TL, location = Vehicle location, phoneNumber = the repair
// facility's phone).
import { IntakeTextField, IntakeYesNo } from '../fields';
import { AdjusterFields } from './AdjusterFields';
import { vehicleRequirements as when } from './conditionalRequirements';
import * as css from './tabLayout.css';

export function VehicleTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="vehicleInformation.clientHasPhotos" label="Client has photos" required />
      <IntakeTextField path="vehicleInformation.information" label="Vehicle Information" required span="twoThirds" />
      <IntakeTextField path="vehicleInformation.owner" label="Owner" required />
      <IntakeYesNo path="vehicleInformation.drivable" label="Drivable?" required />
      <IntakeYesNo path="vehicleInformation.lienHolder" label="Lien Holder?" required />
      <IntakeTextField path="vehicleInformation.financeCompany" label="Finance Company" required />
      <IntakeTextField path="vehicleInformation.vin" label="VIN" required />
      <IntakeTextField path="vehicleInformation.licensePlate" label="License plate" required />
      <IntakeTextField path="vehicleInformation.pds" label="PD Estimate" required />
      <IntakeYesNo path="vehicleInformation.tl" label="TL" required />
      <IntakeYesNo path="vehicleInformation.towed" label="Towed" required />
      <IntakeTextField path="vehicleInformation.location" label="Vehicle location" required={when.location} />
      <IntakeTextField path="vehicleInformation.repairFacility" label="Repair facility" required />
      <IntakeTextField path="vehicleInformation.phoneNumber" label="Repair facility phone" type="tel" required />
      <IntakeTextField path="vehicleInformation.insuredBy" label="Insured by" required />
      <IntakeTextField path="vehicleInformation.policyNo" label="Policy#" required />
      <IntakeTextField path="vehicleInformation.claimNo" label="Claim#" required />
      <AdjusterFields section="vehicleInformation" />
    </div>
  );
}
