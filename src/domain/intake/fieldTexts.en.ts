// The client page in English (clientTexts.ts). The labels, the points, the choices and the
// messages are the intake form's own, read from the field catalogue (fields.ts) and the rules'
// English (ruleIssues.ts), so none is written twice; only the page's own sentences are here.
import { clientSteps } from './clientAnswers';
import type { ClientTextPath, ClientTexts } from './clientTextShape';
import { fieldLabel, fieldRule, isIntakeField, tickGroups, type IntakeFieldId } from './fields';
import { intakeMessages } from './ruleIssues';
import { bodyPoints, painAndSymptomsKeys, symptomPoints } from './types';

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

/** The catalogue's labels of a group of tick boxes, by key. */
function tickLabels<K extends string>(base: 'pointsOfInjury' | 'injuryInformation.painAndSymptoms', keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, fieldLabel(`${base}.${key}` as IntakeFieldId)])) as Record<K, string>;
}

export const fieldTextsEn: ClientTexts = {
  languageName: 'English',
  fields: clientFieldLabels(),
  points: tickLabels('pointsOfInjury', [...bodyPoints, ...symptomPoints]),
  painAndSymptoms: tickLabels('injuryInformation.painAndSymptoms', painAndSymptomsKeys),
  gender: fieldRule('personalInformation.gender').options,
  civilStatus: fieldRule('personalInformation.civilStatus').options,
  phoneUsage: fieldRule('personalInformation.phoneUsages').options,
  messages: intakeMessages,
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
