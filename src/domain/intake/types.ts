// The intake (docs/product/intake-form.md), with exactly the spec's field names so the form, the machine, the
// PDF filler, the server and openapi.yaml's GeneralCaseInformation all speak one vocabulary. Every
// type here is read off the field catalogue (fields.ts): a field's kind says what it holds.
//
// Two shapes of the same intake:
// - `GeneralCaseInformation` is what the form edits: Yes/No answers are `boolean | null` (null =
//   unanswered), texts are strings ('' = empty), calendar dates are 'YYYY-MM-DD' ('' = empty) and
//   the two counts are `number | ''` so an untouched number input stays empty instead of showing 0
//   (a count the user never typed must fail "required", which 0 would not).
// - `ApiGeneralCaseInformation` is what travels (docs/product/intake-form.md): openapi.yaml's
//   GeneralCaseInformationInput as generated into src/api/schema.d.ts (its sections written from the
//   same catalogue by `npm run gen:api`). The same fields, but the calendar dates are ISO timestamps
//   or null and the counts are integers (0 when empty, docs/product/intake-form.md).
// `normalise.ts` converts between the two.
import type { components } from '../../api/schema';
import type { IntakeStatus } from '../enums';
import type { CatalogueEntry, FieldRule, IntakeFieldId } from './fields';
import type { SectionKey } from './keys';

export * from './keys';

/** A Yes/No question: true = Yes, false = No, null = not answered yet (docs/product/intake-form.md). */
export type Answer = boolean | null;

/** A count typed in a number input; '' until the user types one. */
export type Count = number | '';

/** What the form holds for a field of this rule. */
type FormValue<R extends FieldRule> = R extends { kind: 'tick' }
  ? boolean
  : R extends { kind: 'yesNo' }
    ? Answer
    : R extends { kind: 'count' }
      ? Count
      : R extends { kind: 'choice'; options: infer O }
        ? (keyof O & string) | null
        : R extends { kind: 'list'; options: infer O }
          ? (keyof O & string)[]
          : string;

type Simplify<T> = { [K in keyof T]: T[K] };

/** The fields directly in `Base` ('injuryInformation' holds 'hospital'). */
type Fields<Base extends string> = {
  [P in IntakeFieldId as P extends `${Base}.${infer K}` ? (K extends `${string}.${string}` ? never : K) : never]: FormValue<
    CatalogueEntry<P>
  >;
};

/** The groups of tick boxes one level down ('injuryInformation.painAndSymptoms'). */
type GroupName<S extends SectionKey> = IntakeFieldId extends infer P ? (P extends `${S}.${infer G}.${string}` ? G : never) : never;

type Section<S extends SectionKey> = Simplify<Fields<S> & { [G in GroupName<S>]: Simplify<Fields<`${S}.${G}`>> }>;

export type IntakeSections = { [S in SectionKey]: Section<S> };

export type PersonalInformation = IntakeSections['personalInformation'];
export type VehicleInformation = IntakeSections['vehicleInformation'];
export type DefendantInformation = IntakeSections['defendantInformation'];
/** One flat object of ticks, as the spec sends it. */
export type PointsOfInjury = IntakeSections['pointsOfInjury'];
export type InjuryInformation = IntakeSections['injuryInformation'];
export type PainAndSymptoms = InjuryInformation['painAndSymptoms'];
export type IncidentDescription = IntakeSections['incidentDescription'];
export type Checklist = IntakeSections['checklist'];

export type BodyPoint = (typeof import('./keys').bodyPoints)[number];
export type SymptomPoint = (typeof import('./keys').symptomPoints)[number];
export type ImpactPoint = (typeof import('./keys').impactPoints)[number];
export type DiscussionTopic = (typeof import('./keys').discussionTopics)[number];
export type ChecklistItem = (typeof import('./keys').checklistItems)[number];

/** The intake as the form edits it. */
export interface GeneralCaseInformation extends IntakeSections {
  /** null until the server has stored the intake ('Preview PDF' needs one, docs/product/intake-form.md). */
  caseId: string | null;
  status: IntakeStatus;
  /** ISO timestamps set by the server; null before the first save. Never edited in the form. */
  createdAt: string | null;
  updatedAt: string | null;
  /** null when absent: the list then shows 'Unknown' (docs/product/intake-form.md). */
  representativeName: string | null;
}

// The travelling shapes are the contract's own (src/api/schema.d.ts, generated from openapi.yaml).
export type ApiPersonalInformation = components['schemas']['PersonalInformation'];
export type ApiInjuryInformation = components['schemas']['InjuryInformation'];
export type ApiIncidentDescription = components['schemas']['IncidentDescription'];

/** The intake as it travels (docs/product/intake-form.md, POST/PATCH /v1/intake). */
export type ApiGeneralCaseInformation = components['schemas']['GeneralCaseInformationInput'];

/** The sections of an intake as they travel and are stored. */
export type ApiIntakeSections = Pick<ApiGeneralCaseInformation, SectionKey>;

/** Dotted paths of every editable field, and of the painAndSymptoms group itself. */
export type FieldPath = IntakeFieldId | 'injuryInformation.painAndSymptoms';

/** The value a field holds in the form, e.g. FieldValue<'personalInformation.passengers'> is Answer. */
export type FieldValue<P extends FieldPath> = P extends IntakeFieldId
  ? FormValue<CatalogueEntry<P>>
  : P extends 'injuryInformation.painAndSymptoms'
    ? PainAndSymptoms
    : never;

/** Field errors keyed by dotted path, e.g. { 'personalInformation.email': 'Please enter a valid email' }. */
export type FieldErrors = Record<string, string>;
