// The client page's words in its three languages (docs/product/client-intake.md#languages): the
// labels and required messages of the client's fields keyed by field path, the tick boxes, the
// choices and the page's own sentences. English is the intake form's own wording; Spanish and
// Vietnamese sit beside it (fieldTexts.es.ts, fieldTexts.vi.ts) with the same keys, so a missing
// text fails to compile. Validation stays the form's (clientAnswers.ts): its rules answer codes
// (ruleIssues.ts), which `clientErrorText` renders in the chosen language.
import type { ClientLanguage } from './clientAnswers';
import type { ClientFieldText, ClientTexts } from './clientTextShape';
import { fieldTextsEn } from './fieldTexts.en';
import { fieldTextsEs } from './fieldTexts.es';
import { fieldTextsVi } from './fieldTexts.vi';
import type { IntakeFieldId } from './fields';
import { englishOwnTexts, renderIssue, type OwnRuleTexts, type RuleIssue } from './ruleIssues';

export const clientTextsByLanguage: Record<ClientLanguage, ClientTexts> = { en: fieldTextsEn, es: fieldTextsEs, vi: fieldTextsVi };

export function clientTexts(language: ClientLanguage): ClientTexts {
  return clientTextsByLanguage[language];
}

/**
 * What a field of the client's page shows: a rule's code, or the server's own words for a refusal
 * only the server made (its 400 `fields` are English sentences, shown as they came).
 */
export type ClientFieldError = RuleIssue | { code: 'server'; message: string };

/**
 * A field's own words in `texts`' language; the catalogue's English where the language has none
 * (staff's fields, which the client's page never shows).
 */
function ownTexts(texts: ClientTexts, path: IntakeFieldId): OwnRuleTexts {
  const english = englishOwnTexts(path);
  const own = (texts.fields as Partial<Record<string, ClientFieldText>>)[path];
  return { required: own?.required ?? english.required, future: own?.future ?? english.future };
}

/** What the client's page shows under a field for `error`, in the client's language. */
export function clientErrorText(language: ClientLanguage, path: IntakeFieldId, error: ClientFieldError): string {
  if (error.code === 'server') return error.message;
  const texts = clientTexts(language);
  return renderIssue(error, texts.messages, ownTexts(texts, path));
}
