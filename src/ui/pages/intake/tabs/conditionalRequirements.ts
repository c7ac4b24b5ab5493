// The final-submit requirements of docs/product/intake-form.md that depend on another answer, as selectors for
// the fields' red asterisk. They mirror the domain's schemas (src/domain/intake/schemas.ts), which
// decide the errors; these only decide what the label shows beforehand.
import { isBlank, isMinor, readField } from '../../../../domain/intake/rules';
import type { TextPath } from '../../../../domain/intake/limits';
import type { GeneralCaseInformation } from '../../../../domain/intake/types';
import type { YesNoPath } from '../fields/intakePaths';

type Requirement = (intake: GeneralCaseInformation) => boolean;

const answeredYes =
  (path: YesNoPath): Requirement =>
  (intake) =>
    readField(intake, path) === true;

const anyGiven =
  (...paths: TextPath[]): Requirement =>
  (intake) =>
    paths.some((path) => !isBlank(readField(intake, path)));

export const personalRequirements = {
  relationshipToClient: anyGiven('personalInformation.alternateContact'),
  // A client under 18 needs a parent's name (docs/product/intake-form.md).
  minorParentsName: (intake: GeneralCaseInformation) => isMinor(intake),
  passengerCount: answeredYes('personalInformation.passengers'),
};

function adjusterRequirements(section: 'vehicleInformation' | 'defendantInformation') {
  // A named adjuster needs phone and fax; a phone or fax needs the adjuster's name (docs/product/intake-form.md).
  return {
    pdAdjuster: anyGiven(`${section}.phone1`, `${section}.fax1`),
    pdContact: anyGiven(`${section}.pdAdjuster`),
    biAdjuster: anyGiven(`${section}.phone2`, `${section}.fax2`),
    biContact: anyGiven(`${section}.biAdjuster`),
  };
}

export const vehicleRequirements = {
  location: answeredYes('vehicleInformation.towed'),
  ...adjusterRequirements('vehicleInformation'),
};

export const defendantRequirements = adjusterRequirements('defendantInformation');

export const injuryRequirements = {
  hospitalDate: answeredYes('injuryInformation.hospitalized'),
  description: answeredYes('injuryInformation.priorInjuries'),
  facilityTreated: answeredYes('injuryInformation.treatmentReceived'),
  insurance: answeredYes('injuryInformation.healthInsurance'),
};

export const incidentRequirements = {
  clientCitedReason: answeredYes('incidentDescription.clientCited'),
  defendantReason: answeredYes('incidentDescription.defendant'),
  howManyVehicles: answeredYes('incidentDescription.multiVehicle'),
  fault: answeredYes('incidentDescription.priorIncidents'),
  witnessNamesAndContacts: answeredYes('incidentDescription.witnesses'),
  photoOrEvidenceDescription: answeredYes('incidentDescription.photoOrEvidence'),
};
