// What each language of the client page fills in (clientTexts.ts): the same keys in every
// language, so a missing text fails to compile. Apart from clientTexts.ts, which imports every
// language, so the language files (fieldTexts.*.ts) take their shape without importing it back.
import type { CivilStatus, Gender, PhoneUsage } from '../enums';
import type { clientSteps, ClientStepId } from './clientAnswers';
import type { RuleTexts } from './ruleIssues';
import type { BodyPoint, PainAndSymptoms, SymptomPoint } from './types';

/** The fields of the client's pages (the points of injury have their own texts). */
export type ClientTextPath = (typeof clientSteps)[number]['fields'][number];

export interface ClientFieldText {
  label: string;
  /** The message of the form's 'required' rule for this field; absent for optional fields. */
  required?: string;
  /** What a date after today shows, where the field has words of its own (else `messages.birthDateFuture`). */
  future?: string;
}

export interface ClientTexts {
  /** The language's own name, for the picker. */
  languageName: string;
  fields: Record<ClientTextPath, ClientFieldText>;
  points: Record<BodyPoint | SymptomPoint, string>;
  painAndSymptoms: Record<keyof PainAndSymptoms, string>;
  gender: Record<Gender, string>;
  civilStatus: Record<CivilStatus, string>;
  phoneUsage: Record<PhoneUsage, string>;
  /** The rules every field shares (ruleIssues.ts). */
  messages: RuleTexts;
  page: {
    title: string;
    loading: string;
    language: string;
    languageQuestion: string;
    start: string;
    greeting: (firstName: string) => string;
    intro: (firmName: string) => string;
    expires: (day: string) => string;
    steps: Record<ClientStepId | 'confirm', string>;
    stepOf: (step: number, total: number) => string;
    next: string;
    back: string;
    yes: string;
    no: string;
    bodyGroup: string;
    symptomGroup: string;
    fullName: string;
    fullNameRequired: string;
    consent: (firmName: string) => string;
    consentRequired: string;
    submit: string;
    submitting: string;
    fixErrors: string;
    doneTitle: string;
    done: string;
    alreadySent: string;
    expiredTitle: string;
    expired: string;
    failed: string;
    retry: string;
  };
}
