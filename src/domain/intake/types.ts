// The intake (docs/product/intake-form.md), with exactly the spec's field names so the form, the machine, the
// PDF filler, the server and openapi.yaml's GeneralCaseInformation all speak one vocabulary.
//
// Two shapes of the same intake:
// - `GeneralCaseInformation` is what the form edits: Yes/No answers are `boolean | null` (null =
//   unanswered), texts are strings ('' = empty), calendar dates are 'YYYY-MM-DD' ('' = empty) and
//   the two counts are `number | ''` so an untouched number input stays empty instead of showing 0
//   (a count the user never typed must fail "required", which 0 would not).
// - `ApiGeneralCaseInformation` is what travels (docs/product/intake-form.md): openapi.yaml's
//   GeneralCaseInformationInput as generated into src/api/schema.d.ts, never restated here. The
//   same fields, but the calendar dates are ISO timestamps or null and the counts are integers (0
//   when empty, docs/product/intake-form.md).
// `normalise.ts` converts between the two.
import type { components } from '../../api/schema';
import type { CivilStatus, Gender, IntakeStatus, Language, PhoneUsage, SsnStatus } from '../enums';

/** A Yes/No question: true = Yes, false = No, null = not answered yet (docs/product/intake-form.md). */
export type Answer = boolean | null;

/** A count typed in a number input; '' until the user types one. */
export type Count = number | '';

export interface PersonalInformation {
  firstName: string;
  middleName: string;
  lastName: string;
  languages: Language[];
  address: string;
  phoneNumber: string;
  phoneUsages: PhoneUsage[];
  email: string;
  dl: string;
  gender: Gender | null;
  civilStatus: CivilStatus | null;
  /** 'YYYY-MM-DD' or ''. */
  birthDate: string;
  status: SsnStatus | null;
  ssnItin: string;
  alternateContact: string;
  relationshipToClient: string;
  altPhoneNumber: string;
  minorParentsName: string;
  passengers: Answer;
  passengerCount: Count;
  seatingPosition: string;
  existingClient: Answer;
}

export interface VehicleInformation {
  clientHasPhotos: Answer;
  information: string;
  owner: string;
  drivable: Answer;
  lienHolder: Answer;
  financeCompany: string;
  vin: string;
  licensePlate: string;
  /** PD Estimate. */
  pds: string;
  /** TL (total loss). */
  tl: Answer;
  towed: Answer;
  location: string;
  repairFacility: string;
  /** The repair facility's phone number. */
  phoneNumber: string;
  insuredBy: string;
  policyNo: string;
  claimNo: string;
  pdAdjuster: string;
  phone1: string;
  fax1: string;
  biAdjuster: string;
  phone2: string;
  fax2: string;
}

export interface DefendantInformation {
  clientHasPhotos: Answer;
  driversName: string;
  owner: string;
  phoneNumber: string;
  address: string;
  information: string;
  vin: string;
  licensePlate: string;
  drivable: Answer;
  insuredBy: string;
  policyNo: string;
  claimNo: string;
  pdAdjuster: string;
  phone1: string;
  fax1: string;
  biAdjuster: string;
  phone2: string;
  fax2: string;
}

/** Tab 4's three groups (docs/product/intake-form.md, pointsOfInjury). The form renders one group per list. */
export const bodyPoints = [
  'leftNeck',
  'rightNeck',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftForearm',
  'rightForearm',
  'leftWrist',
  'rightWrist',
  'leftHand',
  'rightHand',
  'leftKnee',
  'rightKnee',
  'leftFoot',
  'rightFoot',
  'lowerBack',
  'upperBack',
] as const;

export const symptomPoints = [
  'tingling',
  'numbness',
  'shortnessOfBreath',
  'bruise',
  'headache',
  'blackOut',
  'chestTightness',
  'earRinging',
  'nausea',
  'dizziness',
] as const;

export const impactPoints = [
  'leftFrontWing',
  'rightFrontWing',
  'leftFrontDoor',
  'rightFrontDoor',
  'leftBackDoor',
  'rightBackDoor',
  'leftBackWing',
  'rightBackWing',
  'bonnet',
  'roof',
  'tailgate',
  'offside',
  'nearside',
  'rearBumper',
  'frontBumper',
] as const;

export type BodyPoint = (typeof bodyPoints)[number];
export type SymptomPoint = (typeof symptomPoints)[number];
export type ImpactPoint = (typeof impactPoints)[number];

/** One flat object of ticks, as the spec sends it. */
export type PointsOfInjury = Record<BodyPoint | SymptomPoint | ImpactPoint, boolean>;

/** Tab 5's 'Check all that apply' group. The spellings are the spec's field names. */
export const painAndSymptomsKeys = ['lossOfConciousness', 'headaches', 'vomitting'] as const;
export type PainAndSymptoms = Record<(typeof painAndSymptomsKeys)[number], boolean>;

export interface InjuryInformation {
  ems: Answer;
  ara: Answer;
  photos: Answer;
  hospitalized: Answer;
  /** 'YYYY-MM-DD' or ''. */
  hospitalDate: string;
  hospital: string;
  painStart: string;
  painAndSymptomsExp: string;
  painAndSymptoms: PainAndSymptoms;
  dailyLifeWorkEffect: string;
  receivingTreatment: Answer;
  doctor: string;
  doctorPhone: string;
  doctorFax: string;
  chiropractor: string;
  chiropractorPhone: string;
  chiropractorFax: string;
  specialist: string;
  specialistPhone: string;
  specialistFax: string;
  priorInjuries: Answer;
  description: string;
  treatmentReceived: Answer;
  facilityTreated: string;
  doctorSpecialistName: string;
  /** 'Date(s)': free text, not a calendar date. */
  dates: string;
  healthInsurance: Answer;
  provider: string;
  insIdNumber: string;
}

export interface IncidentDescription {
  /** 'YYYY-MM-DD' or '' (docs/product/intake-form.md#incident-date). */
  incidentDate: string;
  crashReportNum: string;
  city: string;
  county: string;
  police: Answer;
  crashLocation: string;
  clientCited: Answer;
  clientCitedReason: string;
  defendant: Answer;
  defendantReason: string;
  multiVehicle: Answer;
  howManyVehicles: Count;
  description: string;
  priorIncidents: Answer;
  fault: string;
  witnesses: Answer;
  witnessNamesAndContacts: string;
  photoOrEvidence: Answer;
  photoOrEvidenceDescription: string;
}

/** Tab 7, group 'Topics to Discuss with Client', in the order the spec lists them. */
export const discussionTopics = [
  'vehicleNextStep',
  'processOverview',
  'insuranceRepresentation',
  'incidentNonDisclosure',
  'treatment',
  'timeframeAndPayout',
  'recommendHospital',
  'questions',
] as const;

/** Tab 7, group 'Checklist'. */
export const checklistItems = [
  'firstPartyInsurance',
  'thirdPartyInsurance',
  'policeReport',
  'medicalInsuranceInformation',
  'hospitalInformation',
  'treatmentInformation',
  'witnessInformation',
  'injuryPhoto',
  'potentialTbi',
] as const;

export type DiscussionTopic = (typeof discussionTopics)[number];
export type ChecklistItem = (typeof checklistItems)[number];
export type Checklist = Record<DiscussionTopic | ChecklistItem, boolean>;

export interface IntakeSections {
  personalInformation: PersonalInformation;
  vehicleInformation: VehicleInformation;
  defendantInformation: DefendantInformation;
  pointsOfInjury: PointsOfInjury;
  injuryInformation: InjuryInformation;
  incidentDescription: IncidentDescription;
  checklist: Checklist;
}

export type SectionKey = keyof IntakeSections;

export const sectionKeys = [
  'personalInformation',
  'vehicleInformation',
  'defendantInformation',
  'pointsOfInjury',
  'injuryInformation',
  'incidentDescription',
  'checklist',
] as const satisfies readonly SectionKey[];

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

/** The calendar dates of the intake: the form holds them as 'YYYY-MM-DD', the API as ISO. */
export const calendarDatePaths = [
  'personalInformation.birthDate',
  'injuryInformation.hospitalDate',
  'incidentDescription.incidentDate',
] as const;

// The travelling shapes are the contract's own (src/api/schema.d.ts, generated from openapi.yaml).
export type ApiPersonalInformation = components['schemas']['PersonalInformation'];
export type ApiInjuryInformation = components['schemas']['InjuryInformation'];
export type ApiIncidentDescription = components['schemas']['IncidentDescription'];

/** The intake as it travels (docs/product/intake-form.md, POST/PATCH /v1/intake). */
export type ApiGeneralCaseInformation = components['schemas']['GeneralCaseInformationInput'];

// Dotted paths of every editable field ('personalInformation.firstName',
// 'injuryInformation.painAndSymptoms.headaches'), and the type of the value each one holds.
type LeafPaths<S extends SectionKey> = {
  [K in keyof IntakeSections[S] & string]: IntakeSections[S][K] extends readonly unknown[]
    ? `${S}.${K}`
    : IntakeSections[S][K] extends object
      ? `${S}.${K}` | `${S}.${K}.${keyof IntakeSections[S][K] & string}`
      : `${S}.${K}`;
}[keyof IntakeSections[S] & string];

export type FieldPath = { [S in SectionKey]: LeafPaths<S> }[SectionKey];

export type FieldValue<P extends FieldPath> = P extends `${infer S}.${infer K}.${infer L}`
  ? S extends SectionKey
    ? K extends keyof IntakeSections[S]
      ? L extends keyof IntakeSections[S][K]
        ? IntakeSections[S][K][L]
        : never
      : never
    : never
  : P extends `${infer S}.${infer K}`
    ? S extends SectionKey
      ? K extends keyof IntakeSections[S]
        ? IntakeSections[S][K]
        : never
      : never
    : never;

/** Field errors keyed by dotted path, e.g. { 'personalInformation.email': 'Please enter a valid email' }. */
export type FieldErrors = Record<string, string>;
