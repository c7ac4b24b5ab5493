// The names the catalogue (fields.ts) is built from: the intake's sections, and the keys of its
// groups of tick boxes, in the order docs/product/intake-form.md lists them.

/** The sections of an intake, one per tab with fields (tabs.ts), in the form's order. */
export const sectionKeys = [
  'personalInformation',
  'vehicleInformation',
  'defendantInformation',
  'pointsOfInjury',
  'injuryInformation',
  'incidentDescription',
  'checklist',
] as const;

export type SectionKey = (typeof sectionKeys)[number];

/** Tab 4's three groups (docs/product/intake-form.md, pointsOfInjury). The form renders one group per list. */
export const bodyPoints = [
  'leftNeck',
  'rightNeck',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftForearm',
  'rightForearm',
  'leftWrist',
  'rightWrist',
  'leftHand',
  'rightHand',
  'leftKnee',
  'rightKnee',
  'leftFoot',
  'rightFoot',
  'lowerBack',
  'upperBack',
] as const;

export const symptomPoints = [
  'tingling',
  'numbness',
  'shortnessOfBreath',
  'bruise',
  'headache',
  'blackOut',
  'chestTightness',
  'earRinging',
  'nausea',
  'dizziness',
] as const;

export const impactPoints = [
  'leftFrontWing',
  'rightFrontWing',
  'leftFrontDoor',
  'rightFrontDoor',
  'leftBackDoor',
  'rightBackDoor',
  'leftBackWing',
  'rightBackWing',
  'bonnet',
  'roof',
  'tailgate',
  'offside',
  'nearside',
  'rearBumper',
  'frontBumper',
] as const;

/** Tab 5's 'Check all that apply' group. The spellings are the spec's field names. */
export const painAndSymptomsKeys = ['lossOfConciousness', 'headaches', 'vomitting'] as const;

/** Tab 7, group 'Topics to Discuss with Client', in the order the spec lists them. */
export const discussionTopics = [
  'vehicleNextStep',
  'processOverview',
  'insuranceRepresentation',
  'incidentNonDisclosure',
  'treatment',
  'timeframeAndPayout',
  'recommendHospital',
  'questions',
] as const;

/** Tab 7, group 'Checklist'. */
export const checklistItems = [
  'firstPartyInsurance',
  'thirdPartyInsurance',
  'policeReport',
  'medicalInsuranceInformation',
  'hospitalInformation',
  'treatmentInformation',
  'witnessInformation',
  'injuryPhoto',
  'potentialTbi',
] as const;
