// Tab 6, Incident Description (docs/product/intake-form.md), in the spec's order. The long descriptions are
// text areas (isTextArea in src/domain/intake/limits.ts); the number of vehicles and the prior
// incidents' description stay disabled until their question is answered Yes (docs/product/intake-form.md).
import { IntakeCountField, IntakeTextField, IntakeYesNo } from '../fields';
import { incidentRequirements as when } from './conditionalRequirements';
import * as css from './tabLayout.css';

export function IncidentTab() {
  return (
    <div className={css.grid}>
      <IntakeTextField path="incidentDescription.crashReportNum" label="Crash Report Number" required />
      <IntakeTextField path="incidentDescription.city" label="City" required />
      <IntakeTextField path="incidentDescription.county" label="County" required />
      <IntakeYesNo path="incidentDescription.police" label="Police" required />
      <IntakeTextField path="incidentDescription.crashLocation" label="Crash location" required span="twoThirds" />
      <IntakeYesNo path="incidentDescription.clientCited" label="Client cited?" required />
      {/* Both reasons read 'Reason' on screen; their accessible names tell them apart. */}
      <IntakeTextField
        path="incidentDescription.clientCitedReason"
        label="Client cited reason"
        shownLabel="Reason"
        required={when.clientCitedReason}
        span="twoThirds"
      />
      <IntakeYesNo path="incidentDescription.defendant" label="Defendant?" required />
      <IntakeTextField
        path="incidentDescription.defendantReason"
        label="Defendant reason"
        shownLabel="Reason"
        required={when.defendantReason}
        span="twoThirds"
      />
      <IntakeYesNo path="incidentDescription.multiVehicle" label="Multi-vehicle incident?" required />
      {/* At least 1 vehicle (docs/product/intake-form.md). */}
      <IntakeCountField
        path="incidentDescription.howManyVehicles"
        label="How many vehicles?"
        min={1}
        required={when.howManyVehicles}
        span="twoThirds"
      />
      <IntakeTextField path="incidentDescription.description" label="Incident Description" required span="full" />
      <IntakeYesNo path="incidentDescription.priorIncidents" label="Prior incidents?" span="full" required />
      <IntakeTextField
        path="incidentDescription.fault"
        label="Describe the prior incident(s), including who was at fault"
        required={when.fault}
        span="full"
      />
      <IntakeYesNo path="incidentDescription.witnesses" label="Witnesses?" span="full" required />
      <IntakeTextField
        path="incidentDescription.witnessNamesAndContacts"
        label="Witness names and contact information"
        required={when.witnessNamesAndContacts}
        span="full"
      />
      <IntakeYesNo path="incidentDescription.photoOrEvidence" label="Photo or other evidence?" span="full" required />
      <IntakeTextField
        path="incidentDescription.photoOrEvidenceDescription"
        label="Description of photo or other evidence"
        required={when.photoOrEvidenceDescription}
        span="full"
      />
    </div>
  );
}
