// Tab 5, Injury Information (docs/product/intake-form.md): a 6-column grid holding the Yes/No questions, the
// texts, the two multi-line fields and the 'Check all that apply' group, in the order of the
// intake's fields (docs/product/intake-form.md). Answering No clears the dependent field (docs/product/intake-form.md); the machine does it.
import { todayIso } from '../../../../domain/dates';
import { painAndSymptomsKeys } from '../../../../domain/intake/types';
import { IntakeDateField, IntakeTextArea, IntakeTextField, IntakeTickGroup, IntakeYesNo } from '../fields';
import { injuryRequirements as when } from './conditionalRequirements';
import { painAndSymptomsLabels } from './intakeLabels';
import * as css from './tabLayout.css';

export function InjuryTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="injuryInformation.ems" label="EMS?" required />
      <IntakeYesNo path="injuryInformation.ara" label="ARA?" required />
      <IntakeYesNo path="injuryInformation.photos" label="Photos of injury/injuries?" required />
      <IntakeYesNo path="injuryInformation.hospitalized" label="Hospitalized?" required />
      {/* A hospital visit cannot be in the future, like the birth date. */}
      <IntakeDateField path="injuryInformation.hospitalDate" label="Hospital Date" max={todayIso()} required={when.hospitalDate} />
      <IntakeTextField path="injuryInformation.hospital" label="Hospital" required />
      <IntakeTextField path="injuryInformation.painStart" label="When did pain start?" required span="full" />
      <IntakeTextArea path="injuryInformation.painAndSymptomsExp" label="Describe all pain/symptoms experienced" required />
      <IntakeTickGroup
        base="injuryInformation.painAndSymptoms"
        legend="Check all that apply"
        keys={painAndSymptomsKeys}
        labels={painAndSymptomsLabels}
      />
      <IntakeTextArea path="injuryInformation.dailyLifeWorkEffect" label="Are injuries affecting daily life/work? If so, how?" required />
      <IntakeYesNo
        path="injuryInformation.receivingTreatment"
        label="Currently receiving treatment for injuries related to this incident?"
        span="full"
      />
      <IntakeTextField path="injuryInformation.doctor" label="Doctor" required />
      <IntakeTextField path="injuryInformation.doctorPhone" label="Doctor phone" type="tel" required />
      <IntakeTextField path="injuryInformation.doctorFax" label="Doctor fax" type="tel" required />
      <IntakeTextField path="injuryInformation.chiropractor" label="Chiropractor" required />
      <IntakeTextField path="injuryInformation.chiropractorPhone" label="Chiropractor phone" type="tel" required />
      <IntakeTextField path="injuryInformation.chiropractorFax" label="Chiropractor fax" type="tel" required />
      <IntakeTextField path="injuryInformation.specialist" label="Specialist" required />
      <IntakeTextField path="injuryInformation.specialistPhone" label="Specialist phone" type="tel" required />
      <IntakeTextField path="injuryInformation.specialistFax" label="Specialist fax" type="tel" required />
      <IntakeYesNo path="injuryInformation.priorInjuries" label="Prior injuries?" required />
      <IntakeTextField
        path="injuryInformation.description"
        label="Description of prior injuries"
        required={when.description}
        span="twoThirds"
      />
      <IntakeYesNo path="injuryInformation.treatmentReceived" label="Treatment received for prior injuries?" required />
      <IntakeTextField
        path="injuryInformation.facilityTreated"
        label="Facility where treated"
        required={when.facilityTreated}
        span="twoThirds"
      />
      <IntakeTextField path="injuryInformation.doctorSpecialistName" label="Doctor/Specialist name" required span="half" />
      <IntakeTextField path="injuryInformation.dates" label="Date(s)" required span="half" />
      <IntakeYesNo path="injuryInformation.healthInsurance" label="Health Insurance" required />
      <IntakeTextField path="injuryInformation.provider" label="Provider" required={when.insurance} />
      <IntakeTextField path="injuryInformation.insIdNumber" label="Insurance ID Number" required={when.insurance} />
    </div>
  );
}
