// Tab 6, Incident Description (docs/product/intake-form.md#incident-description), in the spec's
// order; labels and rules are the field catalogue's (src/domain/intake/fields.ts): the long
// descriptions are text areas, and the number of vehicles and the prior incidents' description stay
// disabled until their question is answered Yes.
import { IntakeCountField, IntakeDateField, IntakeTextField, IntakeYesNo, LimitationDeadlineNote } from '../fields';
import * as css from './tabLayout.css';

export function IncidentTab() {
  return (
    <div className={css.grid}>
      {/* First on the tab, its limitation deadline under it (docs/product/intake-form.md#incident-date). */}
      <IntakeDateField path="incidentDescription.incidentDate" below={<LimitationDeadlineNote />} />
      <IntakeTextField path="incidentDescription.crashReportNum" />
      <IntakeTextField path="incidentDescription.city" />
      <IntakeTextField path="incidentDescription.county" />
      <IntakeYesNo path="incidentDescription.police" />
      {/* The whole row, so that each question below starts a row and its follow-up sits beside it. */}
      <IntakeTextField path="incidentDescription.crashLocation" span="full" />
      <IntakeYesNo path="incidentDescription.clientCited" />
      <IntakeTextField path="incidentDescription.clientCitedReason" span="twoThirds" />
      <IntakeYesNo path="incidentDescription.defendant" />
      <IntakeTextField path="incidentDescription.defendantReason" span="twoThirds" />
      <IntakeYesNo path="incidentDescription.multiVehicle" />
      <IntakeCountField path="incidentDescription.howManyVehicles" span="twoThirds" />
      <IntakeTextField path="incidentDescription.description" span="full" />
      <IntakeYesNo path="incidentDescription.priorIncidents" span="full" />
      <IntakeTextField path="incidentDescription.fault" span="full" />
      <IntakeYesNo path="incidentDescription.witnesses" span="full" />
      <IntakeTextField path="incidentDescription.witnessNamesAndContacts" span="full" />
      <IntakeYesNo path="incidentDescription.photoOrEvidence" span="full" />
      <IntakeTextField path="incidentDescription.photoOrEvidenceDescription" span="full" />
    </div>
  );
}
