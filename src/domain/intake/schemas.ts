// Intake validation (docs/product/intake-form.md#field-rules), derived from the field catalogue
// (fields.ts): the draft rule, one schema per tab checked on final submit, and the limits every
// save respects (the server runs the same schemas, so a request cannot carry what the form would
// have cut). A field's requirement and message are the catalogue's; the messages here are the ones
// every field shares.
import { array, boolean, mixed, object, string, type AnySchema, type ObjectSchema, type TestContext } from 'yup';
import { fromIsoTimestamp, isFuture, parseCalendarDate, todayIso } from '../dates';
import { SSN_MASK_PATTERN } from '../ssnMask';
import { birthDateFutureMessage, emailFormatMessage, todayOf, validateFields, type ValidationContext } from '../schemas/shared';
import {
  COUNT_MAXIMUM,
  intakeFields,
  requiredMessage,
  type Condition,
  type CountRule,
  type FieldRule,
  type IntakeFieldId,
  type Requirement,
} from './fields';
import { conditionHolds, isBlank } from './rules';
import { intakeTabs, tabOfPath, validatedTabs, type IntakeTab, type IntakeTabId, type ValidatedTabId } from './tabs';
import type { ApiIntakeSections, FieldErrors, GeneralCaseInformation } from './types';

export const intakeMessages = {
  // Quoted by the spec (docs/product/intake-form.md).
  email: emailFormatMessage,
  ssnFormat: 'Please enter a valid SSN in the format XXX-XX-XXXX',
  // Ours (the spec does not show them).
  tooLong: (limit: number) => `Please use at most ${limit} characters`,
  invalidDate: 'Please enter a valid date',
  birthDateFuture: birthDateFutureMessage,
  wholeNumber: 'Please enter a whole number',
  tooMany: (maximum: number) => `Please enter a number no greater than ${maximum}`,
} as const;

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
  return string().max(limit, intakeMessages.tooLong(limit));
}

/** A count never above `maximum`: what the API stores on a draft, the final rule on submit. */
function boundedCount(maximum: number) {
  return mixed<number | ''>().test(
    'count-maximum',
    intakeMessages.tooMany(maximum),
    (value) => typeof value !== 'number' || value <= maximum,
  );
}

/** The final-submit check of one field, built from its catalogue entry. */
function finalCheck(path: IntakeFieldId, rule: FieldRule): AnySchema | undefined {
  if (rule.kind === 'tick') return undefined;
  const requirement = rule.required;
  const message = requiredMessage(path);
  switch (rule.kind) {
    case 'text':
    case 'phone':
    case 'textArea':
      return text(rule.maxLength).test('required', message, function (value) {
        return !needsValue(requirement, this) || !isBlank(value);
      });
    case 'email':
      return text(rule.maxLength)
        .test('required', message, function (value) {
          return !needsValue(requirement, this) || !isBlank(value);
        })
        .test('email', intakeMessages.email, (value) => isBlank(value) || emailPattern.test(value ?? ''));
    case 'ssn':
      // Whatever is typed must read 123-45-6789; the server's mask, sent back untouched, keeps the
      // stored number (docs/product/intake-form.md#ssnitin-masked).
      return text(rule.maxLength).test('ssn', intakeMessages.ssnFormat, function (value) {
        if (isBlank(value)) return needsValue(requirement, this) ? this.createError({ message }) : true;
        return ssnPattern.test(value ?? '') || SSN_MASK_PATTERN.test(value ?? '');
      });
    case 'date': {
      const checked = string()
        .nullable()
        .test('calendar-date', intakeMessages.invalidDate, function (sent) {
          const value = calendarValue(sent, this);
          return !filledDate(value) || parseCalendarDate(value) !== null;
        })
        .test('required', message, function (sent) {
          return !needsValue(requirement, this) || filledDate(calendarValue(sent, this));
        });
      if (!rule.notAfterToday) return checked;
      return checked.test('not-future', rule.futureMessage ?? intakeMessages.birthDateFuture, function (sent) {
        const value = calendarValue(sent, this);
        return !filledDate(value) || parseCalendarDate(value) === null || !isFuture(value, todayOf(this));
      });
    }
    case 'count':
      // A whole number of at least the floor, typed in a number input ('' while empty).
      return boundedCount(rule.finalMaximum).test('count', message, function (sent) {
        const value = countValue(sent, rule, this);
        const required = needsValue(requirement, this);
        if (value === '' || value == null) return !required;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.floor) {
          return this.createError({ message: required ? message : intakeMessages.wholeNumber });
        }
        return true;
      });
    case 'yesNo':
      return boolean()
        .nullable()
        .test('answered', message, function (value) {
          return !needsValue(requirement, this) || value === true || value === false;
        });
    case 'choice': {
      const options = Object.keys(rule.options);
      return mixed<string>()
        .nullable()
        .test('selected', message, function (value) {
          return value != null ? options.includes(value) : !needsValue(requirement, this);
        });
    }
    case 'list': {
      const options = Object.keys(rule.options);
      return array(string().defined().oneOf(options)).test('at-least-one', message, function (value) {
        return !needsValue(requirement, this) || (!!value && value.length > 0);
      });
    }
  }
}

/** One object schema per section, holding the checks `build` gives the catalogue's fields. */
function sectionSchemas(
  paths: readonly IntakeFieldId[],
  build: (path: IntakeFieldId, rule: FieldRule) => AnySchema | undefined,
): ObjectSchema<Record<string, unknown>> {
  const shapes: Record<string, Record<string, AnySchema>> = {};
  for (const path of paths) {
    const check = build(path, intakeFields[path]);
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
export const limitsSchema = sectionSchemas(catalogued, (_path, rule) => {
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

function toValidation(errors: FieldErrors): IntakeValidation {
  const byTab = errorsByTab(errors);
  const firstFailingTab = intakeTabs.find((tab) => Object.keys(byTab[tab.id]).length > 0);
  return firstFailingTab ? { ok: false, firstFailingTab, errors } : { ok: true };
}

function contextFor(today: string | Date): ValidationContext {
  return { today: typeof today === 'string' ? today : todayIso(today) };
}

/**
 * Final submit (docs/product/intake-form.md): the tabs are checked in order and the first failing one is the
 * tab the form jumps to (with `intakeTexts.requiredFields(firstFailingTab.name)`). The errors of every
 * validated tab are returned, so each tab can carry its mark.
 */
export function validateFinal(intake: GeneralCaseInformation, today: string | Date = new Date()): IntakeValidation {
  return finalOf(intake, contextFor(today));
}

function finalOf(intake: object, context: ShapeContext): IntakeValidation {
  const errors: FieldErrors = {};
  for (const tab of validatedTabs) {
    Object.assign(errors, validateFields(finalTabSchemas[tab.id], intake, context));
  }
  return toValidation(errors);
}

/** Draft save (docs/product/intake-form.md): first and last name, and nothing beyond its limit. */
export function validateDraft(intake: GeneralCaseInformation): IntakeValidation {
  return draftOf(intake, {});
}

function draftOf(intake: object, context: ShapeContext): IntakeValidation {
  const errors = { ...validateFields(limitsSchema, intake, context), ...validateFields(draftSchema, intake, context) };
  return toValidation(errors);
}

/** The draft rule on the sections as they were sent and normalised (normaliseSentSections). */
export function validateSentDraft(sections: ApiIntakeSections): IntakeValidation {
  return draftOf(sections, { sent: true });
}

/** The final rule on the sections as they were sent and normalised (normaliseSentSections). */
export function validateSentFinal(sections: ApiIntakeSections, today: string | Date = new Date()): IntakeValidation {
  return finalOf(sections, { ...contextFor(today), sent: true });
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
