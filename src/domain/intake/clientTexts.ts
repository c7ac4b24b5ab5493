// The client page's words in its three languages (docs/product/client-intake.md#languages): the
// labels and required messages of the client's fields keyed by field path, the tick boxes, the
// choices and the page's own sentences. English is the intake form's own wording; Spanish and
// Vietnamese sit beside it (fieldTexts.es.ts, fieldTexts.vi.ts) with the same keys, so a missing
// text fails to compile. Validation stays the form's (clientAnswers.ts): its English messages are
// turned into the chosen language by `clientErrorText`.
import type { ClientLanguage } from './clientAnswers';
import type { ClientFieldText, ClientTexts } from './clientTextShape';
import { fieldTextsEn } from './fieldTexts.en';
import { fieldTextsEs } from './fieldTexts.es';
import { fieldTextsVi } from './fieldTexts.vi';
import { intakeMessages } from './schemas';

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
