// The client page's words in its three languages (docs/product/client-intake.md#languages): the
// labels and required messages of the client's fields keyed by field path, the tick boxes, the
// choices and the page's own sentences. English is the intake form's own wording; Spanish and
// Vietnamese sit beside it (fieldTexts.es.ts, fieldTexts.vi.ts) with the same keys, so a missing
// text fails to compile. Validation stays the form's (clientAnswers.ts): its English messages are
// turned into the chosen language by `clientErrorText`.
import type { CivilStatus, Gender, PhoneUsage } from '../enums';
import type { ClientLanguage } from './clientAnswers';
import { clientSteps, type ClientStepId } from './clientAnswers';
import { fieldTextsEn } from './fieldTexts.en';
import { fieldTextsEs } from './fieldTexts.es';
import { fieldTextsVi } from './fieldTexts.vi';
import { intakeMessages } from './schemas';
import type { BodyPoint, PainAndSymptoms, SymptomPoint } from './types';

/** The fields of the client's pages (the points of injury have their own texts). */
export type ClientTextPath = (typeof clientSteps)[number]['fields'][number];

export interface ClientFieldText {
  label: string;
  /** The message of the form's 'required' rule for this field; absent for optional fields. */
  required?: string;
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
  messages: {
    email: string;
    tooLong: (limit: number) => string;
    invalidDate: string;
    birthDateFuture: string;
    wholeNumber: string;
    tooMany: (maximum: number) => string;
  };
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

export const clientTextsByLanguage: Record<ClientLanguage, ClientTexts> = { en: fieldTextsEn, es: fieldTextsEs, vi: fieldTextsVi };

export function clientTexts(language: ClientLanguage): ClientTexts {
  return clientTextsByLanguage[language];
}

function limitOf(message: string): number | undefined {
  const match = /(\d+)/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/**
 * A validation message of the form (English, from clientAnswers.ts) in the client's language: the
 * shared rules by their message, anything else as the field's own 'required' message.
 */
export function clientErrorText(language: ClientLanguage, path: string, message: string): string {
  const texts = clientTexts(language);
  if (language === 'en') return message;
  const limit = limitOf(message);
  if (message === intakeMessages.email) return texts.messages.email;
  if (message === intakeMessages.invalidDate) return texts.messages.invalidDate;
  if (message === intakeMessages.birthDateFuture) return texts.messages.birthDateFuture;
  if (message === intakeMessages.wholeNumber) return texts.messages.wholeNumber;
  if (limit !== undefined && message === intakeMessages.tooLong(limit)) return texts.messages.tooLong(limit);
  if (limit !== undefined && message === intakeMessages.tooMany(limit)) return texts.messages.tooMany(limit);
  return (texts.fields as Partial<Record<string, ClientFieldText>>)[path]?.required ?? message;
}
