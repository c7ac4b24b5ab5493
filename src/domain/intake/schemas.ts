// Intake validation (docs/product/intake-form.md#field-rules), derived from the field catalogue
// (fields.ts): the draft rule, one schema per tab checked on final submit, and the limits every
// save respects (the server runs the same schemas, so a request cannot carry what the form would
// have cut). Each rule answers a code with its arguments (ruleIssues.ts), never a sentence; the
// English the staff form and the server show is rendered from the codes in one place, `englishErrors`.
import { array, boolean, mixed, object, string, type AnySchema, type ObjectSchema, type TestContext } from 'yup';
import { fromIsoTimestamp, isFuture, parseCalendarDate, todayIso } from '../dates';
import { SSN_MASK_PATTERN } from '../ssnMask';
import { checkFields, todayOf, type ValidationContext } from '../schemas/shared';
import {
  COUNT_MAXIMUM,
  intakeFields,
  isIntakeField,
  type Condition,
  type CountRule,
  type FieldRule,
  type IntakeFieldId,
  type Requirement,
} from './fields';
import { englishErrors, isRuleIssue, type FieldIssues, type RuleIssue } from './ruleIssues';
import { conditionHolds, isBlank } from './rules';
import { intakeTabs, tabOfPath, validatedTabs, type IntakeTab, type IntakeTabId, type ValidatedTabId } from './tabs';
import type { ApiIntakeSections, FieldErrors, GeneralCaseInformation } from './types';

export { intakeMessages } from './ruleIssues';

const required: RuleIssue = { code: 'required' };
const email: RuleIssue = { code: 'email' };
const ssnFormat: RuleIssue = { code: 'ssnFormat' };
const invalidDate: RuleIssue = { code: 'invalidDate' };
const future: RuleIssue = { code: 'future' };
const wholeNumber: RuleIssue = { code: 'wholeNumber' };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ssnPattern = /^\d{3}-\d{2}-\d{4}$/;

type Parent = Record<string, unknown>;

/** The condition read inside one section: its paths name fields beside the one checked. */
function holdsIn(condition: Condition, context: TestContext): boolean {
  const parent = context.parent as Parent;
  return conditionHolds(condition, (path) => parent[path.slice(path.lastIndexOf('.') + 1)], todayOf(context));
}

/** Whether the check at hand needs a value: always, never, or when its condition holds. */
function needsValue(requirement: Requirement | undefined, context: TestContext): boolean {
  if (requirement === undefined) return false;
  if (requirement === 'draft' || requirement === 'final') return true;
  return holdsIn(requirement, context);
}

const filledDate = (value: string | undefined): value is string => !isBlank(value);

// ---- The shape checked -------------------------------------------------------------------------
// The same checks read the form's intake and the sections as they travel (the server's,
// server/intakes/service.ts): only a date and a count are held differently (types.ts).

/** Which shape a validation reads: the form's (the default) or the one sent (ISO dates, whole counts). */
interface ShapeContext extends ValidationContext {
  sent?: true;
}

const isSent = (context: TestContext) => (context.options.context as ShapeContext | undefined)?.sent === true;

/** A date as 'YYYY-MM-DD' ('' when empty) whichever shape holds it; an unreadable one as it came. */
function calendarValue(value: string | null | undefined, context: TestContext): string | undefined {
  if (!isSent(context) || value == null || isBlank(value)) return value ?? undefined;
  return parseCalendarDate(value) ? fromIsoTimestamp(value) : value;
}

/** A count as the form holds it: a sent count is empty ('') while its question does not show it. */
function countValue(value: unknown, rule: CountRule, context: TestContext): unknown {
  return isSent(context) && rule.disabledUnless && !holdsIn(rule.disabledUnless, context) ? '' : value;
}

// ---- Field builders ----------------------------------------------------------------------------

/** Any text of the intake: cut at its limit (docs/product/intake-form.md#limits). */
function text(limit: number) {
  return string().max(limit, { code: 'tooLong', limit } satisfies RuleIssue);
}

/** A count never above `maximum`: what the API stores on a draft, the final rule on submit. */
function boundedCount(maximum: number) {
  return mixed<number | ''>().test(
    'count-maximum',
    { code: 'tooMany', maximum } satisfies RuleIssue,
    (value) => typeof value !== 'number' || value <= maximum,
  );
}

/** The final-submit check of one field, built from its catalogue entry. */
function finalCheck(rule: FieldRule): AnySchema | undefined {
  if (rule.kind === 'tick') return undefined;
  const requirement = rule.required;
  switch (rule.kind) {
    case 'text':
    case 'phone':
    case 'textArea':
      return text(rule.maxLength).test('required', required, function (value) {
        return !needsValue(requirement, this) || !isBlank(value);
      });
    case 'email':
      return text(rule.maxLength)
        .test('required', required, function (value) {
          return !needsValue(requirement, this) || !isBlank(value);
        })
        .test('email', email, (value) => isBlank(value) || emailPattern.test(value ?? ''));
    case 'ssn':
      // Whatever is typed must read 123-45-6789; the server's mask, sent back untouched, keeps the
      // stored number (docs/product/intake-form.md#ssnitin-masked).
      return text(rule.maxLength).test('ssn', ssnFormat, function (value) {
        if (isBlank(value)) return needsValue(requirement, this) ? this.createError({ message: required }) : true;
        return ssnPattern.test(value ?? '') || SSN_MASK_PATTERN.test(value ?? '');
      });
    case 'date': {
      const checked = string()
        .nullable()
        .test('calendar-date', invalidDate, function (sent) {
          const value = calendarValue(sent, this);
          return !filledDate(value) || parseCalendarDate(value) !== null;
        })
        .test('required', required, function (sent) {
          return !needsValue(requirement, this) || filledDate(calendarValue(sent, this));
        });
      if (!rule.notAfterToday) return checked;
      return checked.test('not-future', future, function (sent) {
        const value = calendarValue(sent, this);
        return !filledDate(value) || parseCalendarDate(value) === null || !isFuture(value, todayOf(this));
      });
    }
    case 'count':
      // A whole number of at least the floor, typed in a number input ('' while empty).
      return boundedCount(rule.finalMaximum).test('count', required, function (sent) {
        const value = countValue(sent, rule, this);
        const needed = needsValue(requirement, this);
        if (value === '' || value == null) return !needed;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.floor) {
          return this.createError({ message: needed ? required : wholeNumber });
        }
        return true;
      });
    case 'yesNo':
      // Anything but Yes, No or nothing is no answer either.
      return boolean()
        .nullable()
        .typeError(required)
        .test('answered', required, function (value) {
          return !needsValue(requirement, this) || value === true || value === false;
        });
    case 'choice': {
      const options = Object.keys(rule.options);
      return mixed<string>()
        .nullable()
        .test('selected', required, function (value) {
          return value != null ? options.includes(value) : !needsValue(requirement, this);
        });
    }
    case 'list': {
      // An option the field does not offer is no choice either.
      const options: unknown[] = Object.keys(rule.options);
      return array().test('at-least-one', required, function (value) {
        if (value?.some((option) => !options.includes(option))) return false;
        return !needsValue(requirement, this) || (!!value && value.length > 0);
      });
    }
  }
}

/** One object schema per section, holding the checks `build` gives the catalogue's fields. */
function sectionSchemas(
  paths: readonly IntakeFieldId[],
  build: (rule: FieldRule) => AnySchema | undefined,
): ObjectSchema<Record<string, unknown>> {
  const shapes: Record<string, Record<string, AnySchema>> = {};
  for (const path of paths) {
    const check = build(intakeFields[path]);
    if (!check) continue;
    const [section, field] = path.split('.') as [string, string];
    shapes[section] = { ...shapes[section], [field]: check };
  }
  return object<Record<string, unknown>>(Object.fromEntries(Object.entries(shapes).map(([section, shape]) => [section, object(shape)])));
}

const catalogued = Object.keys(intakeFields) as IntakeFieldId[];

// ---- Draft ---------------------------------------------------------------------------------------

/** Draft save: only the fields the catalogue marks 'draft', the client's two names (docs/product/intake-form.md#draft-rule). */
export const draftSchema = sectionSchemas(
  catalogued.filter((path) => (intakeFields[path] as FieldRule & { required?: Requirement }).required === 'draft'),
  finalCheck,
);

/**
 * Every text of every section against its limit, and the counts against their maximum: what a
 * draft must respect too, since the server refuses more (openapi.yaml maxLength and maximum).
 */
export const limitsSchema = sectionSchemas(catalogued, (rule) => {
  if (rule.kind === 'count') return boundedCount(COUNT_MAXIMUM);
  return 'maxLength' in rule ? text(rule.maxLength) : undefined;
});

// ---- Final submit, one schema per validated tab ----------------------------------------------

/** Final submit: one schema per validated tab (Points of Injury and To Discuss have none, docs/product/intake-form.md#final-rule). */
export const finalTabSchemas = Object.fromEntries(
  validatedTabs.map((tab) => [
    tab.id,
    sectionSchemas(
      catalogued.filter((path) => tabOfPath(path) === tab),
      finalCheck,
    ),
  ]),
) as Record<ValidatedTabId, ObjectSchema<Record<string, unknown>>>;

// ---- Results -------------------------------------------------------------------------------------

export type IntakeValidation = { ok: true } | { ok: false; firstFailingTab: IntakeTab; errors: FieldErrors };

/** The issues of a check as the staff form shows them: in English, with the first tab that holds one. */
export function intakeValidation(issues: FieldIssues): IntakeValidation {
  const errors = englishErrors(issues);
  const byTab = errorsByTab(errors);
  const firstFailingTab = intakeTabs.find((tab) => Object.keys(byTab[tab.id]).length > 0);
  return firstFailingTab ? { ok: false, firstFailingTab, errors } : { ok: true };
}

function contextFor(today: string | Date): ValidationContext {
  return { today: typeof today === 'string' ? today : todayIso(today) };
}

/** A failure of the schemas above: each rule gives its issue as its message. */
function issueOf(failure: unknown, path: string): RuleIssue {
  if (isRuleIssue(failure) && isIntakeField(path)) return failure;
  throw new Error(`The intake rule of ${path} answered no code`);
}

function issuesOf(schema: ObjectSchema<Record<string, unknown>>, intake: object, context: ShapeContext = {}): FieldIssues {
  return checkFields(schema, intake, context, issueOf);
}

/** Every validated tab's issues, so each tab can carry its mark. */
function finalIssuesIn(intake: object, context: ShapeContext): FieldIssues {
  return Object.assign({}, ...validatedTabs.map((tab) => issuesOf(finalTabSchemas[tab.id], intake, context))) as FieldIssues;
}

/** First and last name, and nothing beyond its limit. */
function draftIssuesIn(intake: object, context: ShapeContext): FieldIssues {
  return { ...issuesOf(limitsSchema, intake, context), ...issuesOf(draftSchema, intake, context) };
}

/** Final submit's issues on the form's intake. */
export function finalIssues(intake: GeneralCaseInformation, today: string | Date = new Date()): FieldIssues {
  return finalIssuesIn(intake, contextFor(today));
}

/** Draft save's issues on the form's intake (docs/product/intake-form.md). */
export function draftIssues(intake: GeneralCaseInformation): FieldIssues {
  return draftIssuesIn(intake, {});
}

/**
 * Final submit (docs/product/intake-form.md): the tabs are checked in order and the first failing one is the
 * tab the form jumps to (with `intakeTexts.requiredFields(firstFailingTab.name)`). The errors of every
 * validated tab are returned, so each tab can carry its mark.
 */
export function validateFinal(intake: GeneralCaseInformation, today: string | Date = new Date()): IntakeValidation {
  return intakeValidation(finalIssues(intake, today));
}

/** Draft save (docs/product/intake-form.md): first and last name, and nothing beyond its limit. */
export function validateDraft(intake: GeneralCaseInformation): IntakeValidation {
  return intakeValidation(draftIssues(intake));
}

/** The draft rule on the sections as they were sent and normalised (normaliseSentSections). */
export function validateSentDraft(sections: ApiIntakeSections): IntakeValidation {
  return intakeValidation(draftIssuesIn(sections, { sent: true }));
}

/** The final rule on the sections as they were sent and normalised (normaliseSentSections). */
export function validateSentFinal(sections: ApiIntakeSections, today: string | Date = new Date()): IntakeValidation {
  return intakeValidation(finalIssuesIn(sections, { ...contextFor(today), sent: true }));
}

/** Field errors grouped by the tab that shows them; tabs without errors get an empty object. */
export function errorsByTab(errors: FieldErrors): Record<IntakeTabId, FieldErrors> {
  const grouped = Object.fromEntries(intakeTabs.map((tab) => [tab.id, {}])) as Record<IntakeTabId, FieldErrors>;
  for (const [path, message] of Object.entries(errors)) {
    const tab = tabOfPath(path);
    if (tab) grouped[tab.id][path] = message;
  }
  return grouped;
}
