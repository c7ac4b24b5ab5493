// The client page in English (clientTexts.ts). Field labels are the intake form's own, read from
// the field catalogue; the required messages come from the form's validation itself, so none is
// repeated here.
import { clientSteps } from './clientAnswers';
import type { ClientTextPath, ClientTexts } from './clientTextShape';
import { fieldLabel, isIntakeField, tickGroups } from './fields';

/** Where a client reads other words than staff: staff know 'DL', a client may not. */
const clientWording: Partial<Record<ClientTextPath, string>> = {
  'personalInformation.dl': "Driver's license number (DL)",
};

function clientLabel(path: ClientTextPath): string {
  const wording = clientWording[path];
  if (wording) return wording;
  // 'Check all that apply' is a group of tick boxes, labelled by its legend.
  return isIntakeField(path) ? fieldLabel(path) : tickGroups.painAndSymptoms.legend;
}

function clientFieldLabels(): ClientTexts['fields'] {
  const paths = clientSteps.flatMap((step) => step.fields);
  return Object.fromEntries(paths.map((path) => [path, { label: clientLabel(path) }])) as ClientTexts['fields'];
}

export const fieldTextsEn: ClientTexts = {
  languageName: 'English',
  fields: clientFieldLabels(),
  points: {
    leftNeck: 'Left Neck',
    rightNeck: 'Right Neck',
    leftShoulder: 'Left Shoulder',
    rightShoulder: 'Right Shoulder',
    leftElbow: 'Left Elbow',
    rightElbow: 'Right Elbow',
    leftForearm: 'Left Forearm',
    rightForearm: 'Right Forearm',
    leftWrist: 'Left Wrist',
    rightWrist: 'Right Wrist',
    leftHand: 'Left Hand',
    rightHand: 'Right Hand',
    leftKnee: 'Left Knee',
    rightKnee: 'Right Knee',
    leftFoot: 'Left Foot',
    rightFoot: 'Right Foot',
    lowerBack: 'Lower Back',
    upperBack: 'Upper Back',
    tingling: 'Tingling',
    numbness: 'Numbness',
    shortnessOfBreath: 'Shortness Of Breath',
    bruise: 'Bruise',
    headache: 'Headache',
    blackOut: 'Black Out',
    chestTightness: 'Chest Tightness',
    earRinging: 'Ear Ringing',
    nausea: 'Nausea',
    dizziness: 'Dizziness',
  },
  painAndSymptoms: { lossOfConciousness: 'Loss of Conciousness', headaches: 'Headaches', vomitting: 'Vomitting' },
  gender: { male: 'Male', female: 'Female' },
  civilStatus: { single: 'Single', married: 'Married' },
  phoneUsage: { call: 'Call', text: 'Text' },
  messages: {
    email: 'Please enter a valid email',
    tooLong: (limit) => `Please use at most ${limit} characters`,
    invalidDate: 'Please enter a valid date',
    birthDateFuture: 'Birth date cannot be in the future',
    wholeNumber: 'Please enter a whole number',
    tooMany: (maximum) => `Please enter a number no greater than ${maximum}`,
  },
  page: {
    title: 'Your intake form',
    loading: 'Loading…',
    language: 'Language',
    languageQuestion: 'Which language do you prefer?',
    start: 'Start',
    greeting: (firstName) => (firstName ? `Hello, ${firstName}` : 'Hello'),
    intro: (firmName) =>
      `${firmName || 'Your law firm'} asks you to fill in this form about your accident. It takes about 10 minutes, and you can send it once.`,
    expires: (day) => `This link works until ${day}.`,
    steps: { personal: 'About you', incident: 'The incident', injuries: 'Injuries and symptoms', confirm: 'Confirm and send' },
    stepOf: (step, total) => `Step ${step} of ${total}`,
    next: 'Next',
    back: 'Back',
    yes: 'Yes',
    no: 'No',
    bodyGroup: 'Where does it hurt?',
    symptomGroup: 'Symptoms',
    fullName: 'Your full name',
    fullNameRequired: 'Please type your full name',
    consent: (firmName) => `I confirm that what I wrote is true, and I agree that ${firmName || 'my law firm'} uses it for my case.`,
    consentRequired: 'Please tick the box to confirm',
    submit: 'Send',
    submitting: 'Sending…',
    fixErrors: 'Please check the fields marked in red.',
    doneTitle: 'Thank you',
    done: 'We received your answers. Your law firm will contact you.',
    alreadySent: 'These answers were already sent. Thank you.',
    expiredTitle: 'This link no longer works',
    expired: 'It has expired or was replaced by a newer one. Please ask your law firm for a new link.',
    failed: 'Something went wrong. Check your connection and try again.',
    retry: 'Try again',
  },
};
