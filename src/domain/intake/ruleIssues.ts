// What an intake rule answers for a field (docs/code-style.md, "Rules answer codes; languages render
// them"): a code and its arguments, never a sentence. Each language renders the codes: the rules
// every field shares once per language (`RuleTexts`), a field's own words (its 'required' message,
// a date's 'in the future' message) by the field's path. English comes from here and from the
// field catalogue (fields.ts), and is what the staff form and the server's 400 `fields` show; the
// client page renders Spanish and Vietnamese from the same codes (clientTexts.ts).
import { birthDateFutureMessage, emailFormatMessage } from '../schemas/shared';
import { intakeFields, isIntakeField, requiredMessage, type FieldRule, type IntakeFieldId } from './fields';

export type RuleIssue =
  /** A value the field needs is missing: the field's own message. */
  | { code: 'required' }
  /** A date after today: the field's own message, else the birth date's. */
  | { code: 'future' }
  | { code: 'email' }
  | { code: 'ssnFormat' }
  | { code: 'invalidDate' }
  | { code: 'wholeNumber' }
  | { code: 'tooLong'; limit: number }
  | { code: 'tooMany'; maximum: number };

export type RuleCode = RuleIssue['code'];

/** Field path -> the first rule it breaks. */
export type FieldIssues = Partial<Record<IntakeFieldId, RuleIssue>>;

/** One language's words for the rules every field shares. */
export interface RuleTexts {
  email: string;
  ssnFormat: string;
  tooLong: (limit: number) => string;
  invalidDate: string;
  /** What a date after today shows when its field has no words of its own. */
  birthDateFuture: string;
  wholeNumber: string;
  tooMany: (maximum: number) => string;
}

/** A field's own words for its rules in one language. */
export interface OwnRuleTexts {
  required: string;
  future?: string;
}

/** The shared rules in English. */
export const intakeMessages: RuleTexts = {
  // Quoted by the spec (docs/product/intake-form.md).
  email: emailFormatMessage,
  ssnFormat: 'Please enter a valid SSN in the format XXX-XX-XXXX',
  // Ours (the spec does not show them).
  tooLong: (limit) => `Please use at most ${limit} characters`,
  invalidDate: 'Please enter a valid date',
  birthDateFuture: birthDateFutureMessage,
  wholeNumber: 'Please enter a whole number',
  tooMany: (maximum) => `Please enter a number no greater than ${maximum}`,
};

const ruleCodes: ReadonlySet<string> = new Set<RuleCode>([
  'required',
  'future',
  'email',
  'ssnFormat',
  'invalidDate',
  'wholeNumber',
  'tooLong',
  'tooMany',
]);

export function isRuleIssue(value: unknown): value is RuleIssue {
  return typeof value === 'object' && value !== null && ruleCodes.has((value as { code?: unknown }).code as string);
}

/** An issue in the words given: the shared rules from `texts`, the field's own from `own`. */
export function renderIssue(issue: RuleIssue, texts: RuleTexts, own: OwnRuleTexts): string {
  switch (issue.code) {
    case 'required':
      return own.required;
    case 'future':
      return own.future ?? texts.birthDateFuture;
    case 'tooLong':
      return texts.tooLong(issue.limit);
    case 'tooMany':
      return texts.tooMany(issue.maximum);
    default:
      return texts[issue.code];
  }
}

/** A field's own words in English: the catalogue's. */
export function englishOwnTexts(path: IntakeFieldId): OwnRuleTexts {
  const rule: FieldRule = intakeFields[path];
  return { required: requiredMessage(path), future: rule.kind === 'date' ? rule.futureMessage : undefined };
}

/** An issue of the field at `path` in English. */
export function englishIssueText(path: IntakeFieldId, issue: RuleIssue): string {
  return renderIssue(issue, intakeMessages, englishOwnTexts(path));
}

/** Every field's issue in English: what the staff form shows under a field and the server answers in `fields`. */
export function englishErrors(issues: FieldIssues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(issues).flatMap(([path, issue]) => (issue && isIntakeField(path) ? [[path, englishIssueText(path, issue)]] : [])),
  );
}
