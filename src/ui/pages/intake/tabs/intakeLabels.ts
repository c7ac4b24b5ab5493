// Labels of the tick boxes of tabs 4, 5 and 7 (docs/product/intake-form.md), keyed by the field names of docs/product/intake-form.md.
import {
  bodyPoints,
  impactPoints,
  painAndSymptomsKeys,
  symptomPoints,
  type ChecklistItem,
  type DiscussionTopic,
} from '../../../../domain/intake/types';

/** 'leftNeck' -> 'Left Neck', 'shortnessOfBreath' -> 'Shortness Of Breath' (tab 4's boxes). */
export function labelFromKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function labelsFromKeys<K extends string>(keys: readonly K[]): Readonly<Record<K, string>> {
  return Object.fromEntries(keys.map((key) => [key, labelFromKey(key)])) as Record<K, string>;
}

export const bodyPointLabels = labelsFromKeys(bodyPoints);
export const symptomPointLabels = labelsFromKeys(symptomPoints);
export const impactPointLabels = labelsFromKeys(impactPoints);

/** Tab 5's 'Check all that apply', spelled as the spec spells them. */
export const painAndSymptomsLabels: Readonly<Record<(typeof painAndSymptomsKeys)[number], string>> = {
  lossOfConciousness: 'Loss of Conciousness',
  headaches: 'Headaches',
  vomitting: 'Vomitting',
};

/** Tab 7, 'Topics to Discuss with Client', the spec's items in its order. */
export const discussionTopicLabels: Readonly<Record<DiscussionTopic, string>> = {
  vehicleNextStep: 'Vehicle next steps',
  processOverview: 'Overview of process and that it takes time',
  insuranceRepresentation: 'Do not speak to insurers',
  incidentNonDisclosure: 'No social media posts about the accident and delete existing ones',
  treatment: 'Importance of treatment',
  timeframeAndPayout: 'Set realistic expectations and promise nothing',
  recommendHospital: 'Recommend hospital/provider',
  questions: 'Come to us first with questions',
};

/** Tab 7, 'Checklist'. */
export const checklistItemLabels: Readonly<Record<ChecklistItem, string>> = {
  firstPartyInsurance: '1st party insurance info',
  thirdPartyInsurance: '3rd party insurance info',
  policeReport: 'Police report',
  medicalInsuranceInformation: 'Medical insurance info',
  hospitalInformation: 'Hospital info (if applicable)',
  treatmentInformation: 'Current treatment info (if applicable)',
  witnessInformation: 'Witness info/photos',
  injuryPhoto: 'Injury photos',
  potentialTbi: 'Potential TBI (loss of consciousness, headaches, vomiting)',
};
