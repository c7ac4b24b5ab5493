// Tab 5, Injury Information (docs/product/intake-form.md#injury-information): a 6-column grid holding
// the Yes/No questions, the texts, the two multi-line fields and the 'Check all that apply' group,
// in the order of the intake's fields; labels and rules are the field catalogue's
// (src/domain/intake/fields.ts). Answering No clears the dependent field; the machine does it.
import { todayIso } from '../../../../domain/dates';
import { IntakeDateField, IntakeTextField, IntakeTickGroup, IntakeYesNo } from '../fields';
import * as css from './tabLayout.css';

export function InjuryTab() {
  return (
    <div className={css.grid}>
      <IntakeYesNo path="injuryInformation.ems" />
      <IntakeYesNo path="injuryInformation.ara" />
      <IntakeYesNo path="injuryInformation.photos" />
      <IntakeYesNo path="injuryInformation.hospitalized" />
      {/* The date picker offers no future day for a hospital visit; the final rule does not check it. */}
      <IntakeDateField path="injuryInformation.hospitalDate" max={todayIso()} />
      <IntakeTextField path="injuryInformation.hospital" />
      <IntakeTextField path="injuryInformation.painStart" span="full" />
      <IntakeTextField path="injuryInformation.painAndSymptomsExp" />
      <IntakeTickGroup group="painAndSymptoms" />
      <IntakeTextField path="injuryInformation.dailyLifeWorkEffect" />
      <IntakeYesNo path="injuryInformation.receivingTreatment" span="full" />
      <IntakeTextField path="injuryInformation.doctor" />
      <IntakeTextField path="injuryInformation.doctorPhone" />
      <IntakeTextField path="injuryInformation.doctorFax" />
      <IntakeTextField path="injuryInformation.chiropractor" />
      <IntakeTextField path="injuryInformation.chiropractorPhone" />
      <IntakeTextField path="injuryInformation.chiropractorFax" />
      <IntakeTextField path="injuryInformation.specialist" />
      <IntakeTextField path="injuryInformation.specialistPhone" />
      <IntakeTextField path="injuryInformation.specialistFax" />
      <IntakeYesNo path="injuryInformation.priorInjuries" />
      <IntakeTextField path="injuryInformation.description" span="twoThirds" />
      <IntakeYesNo path="injuryInformation.treatmentReceived" />
      <IntakeTextField path="injuryInformation.facilityTreated" span="twoThirds" />
      <IntakeTextField path="injuryInformation.doctorSpecialistName" span="half" />
      <IntakeTextField path="injuryInformation.dates" span="half" />
      <IntakeYesNo path="injuryInformation.healthInsurance" />
      <IntakeTextField path="injuryInformation.provider" />
      <IntakeTextField path="injuryInformation.insIdNumber" />
    </div>
  );
}
