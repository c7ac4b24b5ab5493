// The intake field catalogue: the one place a field's rules are written (docs/product/intake-form.md#field-rules).
// Each entry is keyed by the field's id, its dotted path ('personalInformation.firstName'), which
// never changes: translations, new fields and the server all hang on it. The path's first part is
// the section, and the section names the tab (tabs.ts). An entry says:
// - label: what the form shows (and a screen reader reads); shownLabel when the eye sees a shorter
//   one; printLabel when the PDF's paper form words it differently;
// - kind: how the value is typed and checked (a text, a phone, a Yes/No answer, a count, ...);
// - its limit: maxLength for texts, floor and finalMaximum for counts;
// - required: 'draft' (a draft needs it too), 'final' (a final submit needs it) or a condition
//   on other answers under which a final submit needs it, with the message it then shows;
// - clearedBy: which answer empties it (docs/product/intake-form.md#dependent-field-clearing);
// - disabledUnless: the answer without which it is disabled (docs/product/intake-form.md#disabled-fields).
// Everything else is derived: the draft and final schemas (schemas.ts), the red asterisks (the
// form's fields), the clearing and disabling (rules.ts), the PDF's labels (src/pdf/layout.ts) and
// the contract's limits (openapi.yaml, kept equal by tests/contract/domain-alignment.test.ts).
import { TEXT_AREA_DEFAULT_LIMIT } from '../constants';
import { ssnStatusLabels, type SsnStatus } from '../enums';
import { bodyPoints, checklistItems, discussionTopics, impactPoints, painAndSymptomsKeys, symptomPoints, type SectionKey } from './keys';

/**
 * A field's dotted path as the catalogue is written. The conditions below name other fields by
 * it; tests/domain/intake/fields.test.ts checks that each one names a field of the right kind
 * (the exact path types come from the catalogue itself, so they cannot type its own entries).
 */
export type CataloguePath = `${SectionKey}.${string}`;

/** A state of other answers: when a field is required, or enabled. */
export type Condition =
  | { when: 'yes'; of: CataloguePath }
  | { when: 'anyFilled'; of: readonly CataloguePath[] }
  | { when: 'is'; of: 'personalInformation.status'; value: SsnStatus }
  /** The birth date makes the client under 18. */
  | { when: 'minor'; of: 'personalInformation.birthDate' };

/** The change to another field that empties this one. */
export type Clearing =
  | { when: 'no'; of: CataloguePath }
  | { when: 'emptied'; of: CataloguePath }
  | { when: 'oneOf'; of: 'personalInformation.status'; values: readonly SsnStatus[] };

export type Requirement = 'draft' | 'final' | Condition;

interface Rule {
  label: string;
  shownLabel?: string;
  printLabel?: string;
  required?: Requirement;
  /** What a missing required value shows; a Yes/No question says 'Please answer "<label>"'. */
  message?: string;
  clearedBy?: Clearing;
  disabledUnless?: Condition;
  /** What openapi.yaml says of the field beyond its name (scripts/intakeContract.ts). */
  note?: string;
}

/** texts cut at maxLength; a text area also strips newlines; ssn is grouped 3-2-4 as typed. */
export interface TextRule extends Rule {
  kind: 'text' | 'phone' | 'email' | 'textArea' | 'ssn';
  maxLength: number;
}
export interface DateRule extends Rule {
  kind: 'date';
  notAfterToday?: true;
  /** What a date after today shows; the birth date's message when not given. */
  futureMessage?: string;
  /** The contract lets it be left out (older intakes were stored without it). */
  mayBeAbsent?: true;
}
/** A whole number: below `floor` it becomes `floor`; a final intake takes at most `finalMaximum`. */
export interface CountRule extends Rule {
  kind: 'count';
  floor: number;
  finalMaximum: number;
}
export interface YesNoRule extends Rule {
  kind: 'yesNo';
}
export interface ChoiceRule<O extends string = string> extends Rule {
  kind: 'choice';
  options: Readonly<Record<O, string>>;
}
export interface ListRule<O extends string = string> extends Rule {
  kind: 'list';
  options: Readonly<Record<O, string>>;
}
export interface TickRule {
  kind: 'tick';
  label: string;
}

export type FieldRule = TextRule | DateRule | CountRule | YesNoRule | ChoiceRule | ListRule | TickRule;

/**
 * Limits the spec leaves open (docs/product/intake-form.md#limits): short texts 100, phone and
 * fax numbers 30, e-mail 254 (the longest address SMTP allows, as for login in openapi.yaml).
 */
const SHORT = 100;
const PHONE = 30;
const EMAIL = 254;
const AREA = TEXT_AREA_DEFAULT_LIMIT;

/** Largest count a final intake takes; the spec sets none, more passengers than this is a typo. */
export const FINAL_COUNT_MAXIMUM = 100;

/**
 * Largest passengerCount and howManyVehicles the API stores (openapi.yaml `maximum`): what a
 * 32-bit integer holds, so a draft keeps whatever was typed (docs/product/intake-form.md#limits).
 */
export const COUNT_MAXIMUM = 2_147_483_647;

const short = (label: string, extra: Omit<TextRule, 'kind' | 'label' | 'maxLength'> = {}): TextRule => ({
  kind: 'text',
  label,
  maxLength: SHORT,
  ...extra,
});
const phone = (label: string, extra: Omit<TextRule, 'kind' | 'label' | 'maxLength'> = {}): TextRule => ({
  kind: 'phone',
  label,
  maxLength: PHONE,
  ...extra,
});
const area = (label: string, extra: Omit<TextRule, 'kind' | 'label' | 'maxLength'> = {}): TextRule => ({
  kind: 'textArea',
  label,
  maxLength: AREA,
  ...extra,
});
const yesNo = (label: string, extra: Omit<YesNoRule, 'kind' | 'label'> = {}): YesNoRule => ({ kind: 'yesNo', label, ...extra });
/** Final-required, with the message a missing value shows. */
const needed = (message: string) => ({ required: 'final', message }) as const;
const yes = <P extends CataloguePath>(of: P) => ({ when: 'yes', of }) as const;
const clearedOnNo = <P extends CataloguePath>(of: P) => ({ clearedBy: { when: 'no', of } }) as const;

type Section = 'vehicleInformation' | 'defendantInformation';

/**
 * PD and BI adjusters come with their phone and fax, on the vehicle and the defendant tabs alike
 * (docs/product/intake-form.md#adjusters): a named adjuster needs both, and a phone or fax needs
 * the adjuster's name. Alone, phones and faxes are optional.
 */
function adjusters<S extends Section>(section: S) {
  const given = (...fields: ('pdAdjuster' | 'phone1' | 'fax1' | 'biAdjuster' | 'phone2' | 'fax2')[]) =>
    ({ when: 'anyFilled', of: fields.map((field) => `${section}.${field}` as const) }) as const;
  return {
    [`${section}.pdAdjuster`]: short('PD Adjuster', { required: given('phone1', 'fax1'), message: 'Please provide the PD adjuster' }),
    [`${section}.phone1`]: phone('PD Adjuster phone', {
      required: given('pdAdjuster'),
      message: "Please provide the PD adjuster's phone number",
    }),
    [`${section}.fax1`]: phone('PD Adjuster fax', {
      required: given('pdAdjuster'),
      message: "Please provide the PD adjuster's fax number",
    }),
    [`${section}.biAdjuster`]: short('BI Adjuster', { required: given('phone2', 'fax2'), message: 'Please provide the BI adjuster' }),
    [`${section}.phone2`]: phone('BI Adjuster phone', {
      required: given('biAdjuster'),
      message: "Please provide the BI adjuster's phone number",
    }),
    [`${section}.fax2`]: phone('BI Adjuster fax', {
      required: given('biAdjuster'),
      message: "Please provide the BI adjuster's fax number",
    }),
  } as Record<`${S}.${'pdAdjuster' | 'phone1' | 'fax1' | 'biAdjuster' | 'phone2' | 'fax2'}`, TextRule>;
}

/** 'leftNeck' -> 'Left Neck', 'shortnessOfBreath' -> 'Shortness Of Breath' (tab 4's boxes). */
export function labelFromKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function ticks<B extends string, K extends string>(base: B, labels: Readonly<Record<K, string>>) {
  return Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${base}.${key}`, { kind: 'tick', label }])) as Record<
    `${B}.${K}`,
    TickRule
  >;
}

function ticksNamedByKey<B extends string, K extends string>(base: B, keys: readonly K[]) {
  return ticks(base, Object.fromEntries(keys.map((key) => [key, labelFromKey(key)])) as Record<K, string>);
}

const painAndSymptomsLabels: Readonly<Record<(typeof painAndSymptomsKeys)[number], string>> = {
  lossOfConciousness: 'Loss of Conciousness',
  headaches: 'Headaches',
  vomitting: 'Vomitting',
};

export const intakeFields = {
  // Tab 1, Client Personal Information.
  'personalInformation.firstName': short('First Name', { required: 'draft', message: 'Please enter your First Name' }),
  'personalInformation.middleName': short('Middle Name'),
  'personalInformation.lastName': short('Last Name', { required: 'draft', message: 'Please enter your Last Name' }),
  'personalInformation.languages': {
    kind: 'list',
    label: 'Language(s)',
    // The three languages shown; the full list beyond them is not (docs/product/intake-form.md).
    options: { spanish: 'Spanish', english: 'English', vietnamese: 'Vietnamese' },
    ...needed('Please select at least one language'),
  },
  'personalInformation.address': short('Address', needed('Please provide your address')),
  'personalInformation.phoneNumber': phone('Phone Number', needed('Please provide your phone number')),
  'personalInformation.phoneUsages': {
    kind: 'list',
    label: 'Phone Usage',
    printLabel: 'Phone usage',
    options: { call: 'Call', text: 'Text' },
    ...needed('Please select how to use the phone number'),
  },
  'personalInformation.email': { kind: 'email', label: 'E-mail', maxLength: EMAIL, ...needed('Please provide your email') },
  'personalInformation.dl': short('DL', { ...needed('Please provide your DL number'), note: "Driver's licence number." }),
  'personalInformation.gender': {
    kind: 'choice',
    label: 'Gender',
    options: { male: 'Male', female: 'Female' },
    ...needed('Please select your gender'),
  },
  'personalInformation.civilStatus': {
    kind: 'choice',
    label: 'Civil Status',
    options: { single: 'Single', married: 'Married' },
    ...needed('Please select your civil status'),
  },
  'personalInformation.birthDate': { kind: 'date', label: 'Birth Date', notAfterToday: true, ...needed('Please provide your birth date') },
  'personalInformation.status': {
    kind: 'choice',
    label: 'Status',
    printLabel: 'SSN Status',
    options: ssnStatusLabels,
    ...needed('Please select your SSN status'),
    note: 'Social-security status.',
  },
  'personalInformation.ssnItin': {
    kind: 'ssn',
    label: 'SSN/ITIN',
    maxLength: 11,
    required: { when: 'is', of: 'personalInformation.status', value: 'hasSsn' },
    message: 'Please provide your SSN/ITIN',
    clearedBy: { when: 'oneOf', of: 'personalInformation.status', values: ['noSsn', 'pending', 'needToGet'] },
    note:
      '123-45-6789 or empty. Answers mask it to the last four digits (`***-**-6789`); a save that sends the mask back ' +
      'keeps the stored number. `POST /v1/intake/{caseId}/reveal` answers it in full.',
  },
  'personalInformation.alternateContact': short('Alternate Contact'),
  'personalInformation.relationshipToClient': short('Relationship to Client', {
    required: { when: 'anyFilled', of: ['personalInformation.alternateContact'] },
    message: 'Please provide the relationship to the client',
    clearedBy: { when: 'emptied', of: 'personalInformation.alternateContact' },
    disabledUnless: { when: 'anyFilled', of: ['personalInformation.alternateContact'] },
  }),
  'personalInformation.altPhoneNumber': phone('Alternate Number', {
    clearedBy: { when: 'emptied', of: 'personalInformation.alternateContact' },
    disabledUnless: { when: 'anyFilled', of: ['personalInformation.alternateContact'] },
  }),
  'personalInformation.minorParentsName': short("Minor Parent's Name", {
    required: { when: 'minor', of: 'personalInformation.birthDate' },
    message: "Please provide the minor's parent's name",
  }),
  'personalInformation.passengers': yesNo('Passengers?', { required: 'final' }),
  'personalInformation.passengerCount': {
    kind: 'count',
    label: 'How Many?',
    floor: 0,
    finalMaximum: FINAL_COUNT_MAXIMUM,
    required: yes('personalInformation.passengers'),
    message: 'Please provide how many passengers',
    ...clearedOnNo('personalInformation.passengers'),
    disabledUnless: yes('personalInformation.passengers'),
  },
  'personalInformation.seatingPosition': short('Seating Position', needed('Please provide your seating position')),
  'personalInformation.existingClient': yesNo('Existing client for other incident?', { required: 'final' }),

  // Tab 2, Client Vehicle Information.
  'vehicleInformation.clientHasPhotos': yesNo('Client has photos', { required: 'final' }),
  'vehicleInformation.information': short('Vehicle Information', {
    ...needed('Please provide the vehicle information'),
    note: 'Vehicle information (make, model, year, colour).',
  }),
  'vehicleInformation.owner': short('Owner', needed('Please provide the owner')),
  'vehicleInformation.drivable': yesNo('Drivable?', { required: 'final' }),
  'vehicleInformation.lienHolder': yesNo('Lien Holder?', { required: 'final' }),
  'vehicleInformation.financeCompany': short('Finance Company', needed('Please provide the finance company')),
  'vehicleInformation.vin': short('VIN', needed('Please provide the VIN')),
  'vehicleInformation.licensePlate': short('License plate', needed('Please provide the license plate')),
  'vehicleInformation.pds': short('PD Estimate', { ...needed('Please provide the PD estimate'), note: 'PD estimate.' }),
  'vehicleInformation.tl': yesNo('TL', { required: 'final', note: 'Total loss.' }),
  'vehicleInformation.towed': yesNo('Towed', { required: 'final' }),
  'vehicleInformation.location': short('Vehicle location', {
    required: yes('vehicleInformation.towed'),
    message: 'Please provide the vehicle location',
    ...clearedOnNo('vehicleInformation.towed'),
    note: 'Where the vehicle is (when towed).',
  }),
  'vehicleInformation.repairFacility': short('Repair facility', needed('Please provide the repair facility')),
  'vehicleInformation.phoneNumber': phone('Repair facility phone', {
    ...needed("Please provide the repair facility's phone number"),
    note: "The repair facility's phone.",
  }),
  'vehicleInformation.insuredBy': short('Insured by', needed('Please provide who the vehicle is insured by')),
  'vehicleInformation.policyNo': short('Policy#', needed('Please provide the policy number')),
  'vehicleInformation.claimNo': short('Claim#', needed('Please provide the claim number')),
  ...adjusters('vehicleInformation'),

  // Tab 3, Defendant Personal and Vehicle Information.
  'defendantInformation.clientHasPhotos': yesNo('Client has photos', { required: 'final' }),
  'defendantInformation.driversName': short("Driver's name", needed("Please provide the driver's name")),
  'defendantInformation.owner': short('Owner', needed('Please provide the owner')),
  'defendantInformation.phoneNumber': phone('Phone Number', needed('Please provide the phone number')),
  'defendantInformation.address': short('Address', needed('Please provide the address')),
  'defendantInformation.information': {
    kind: 'text',
    label: 'Vehicle Information',
    maxLength: 90,
    ...needed('Please provide the vehicle information'),
    note: 'Defendant vehicle information (docs/product/intake-form.md limit 90).',
  },
  'defendantInformation.vin': short('VIN', needed('Please provide the VIN')),
  'defendantInformation.licensePlate': short('License plate', needed('Please provide the license plate')),
  'defendantInformation.drivable': yesNo('Drivable', { required: 'final' }),
  'defendantInformation.insuredBy': short('Insured by', needed('Please provide who the vehicle is insured by')),
  'defendantInformation.policyNo': short('Policy#', needed('Please provide the policy number')),
  'defendantInformation.claimNo': short('Claim#', needed('Please provide the claim number')),
  ...adjusters('defendantInformation'),

  // Tab 4, Points of Injury and Impact: tick boxes named after their keys.
  ...ticksNamedByKey('pointsOfInjury', bodyPoints),
  ...ticksNamedByKey('pointsOfInjury', symptomPoints),
  ...ticksNamedByKey('pointsOfInjury', impactPoints),

  // Tab 5, Injury Information.
  'injuryInformation.ems': yesNo('EMS?', { required: 'final' }),
  'injuryInformation.ara': yesNo('ARA?', { required: 'final' }),
  'injuryInformation.photos': yesNo('Photos of injury/injuries?', { required: 'final' }),
  'injuryInformation.hospitalized': yesNo('Hospitalized?', { required: 'final' }),
  'injuryInformation.hospitalDate': {
    kind: 'date',
    label: 'Hospital Date',
    required: yes('injuryInformation.hospitalized'),
    message: 'Please provide the hospital date',
    ...clearedOnNo('injuryInformation.hospitalized'),
  },
  'injuryInformation.hospital': short('Hospital', needed('Please provide the hospital')),
  'injuryInformation.painStart': {
    kind: 'text',
    label: 'When did pain start?',
    maxLength: 90,
    ...needed('Please provide when the pain started'),
  },
  'injuryInformation.painAndSymptomsExp': area(
    'Describe all pain/symptoms experienced',
    needed('Please describe all pain/symptoms experienced'),
  ),
  ...ticks('injuryInformation.painAndSymptoms', painAndSymptomsLabels),
  'injuryInformation.dailyLifeWorkEffect': area(
    'Are injuries affecting daily life/work? If so, how?',
    needed('Please describe how the injuries affect daily life/work'),
  ),
  // Needs no answer (docs/product/intake-form.md#injury-information).
  'injuryInformation.receivingTreatment': yesNo('Currently receiving treatment for injuries related to this incident?'),
  'injuryInformation.doctor': short('Doctor', needed('Please provide the doctor')),
  'injuryInformation.doctorPhone': phone('Doctor phone', needed("Please provide the doctor's phone number")),
  'injuryInformation.doctorFax': phone('Doctor fax', needed("Please provide the doctor's fax number")),
  'injuryInformation.chiropractor': short('Chiropractor', needed('Please provide the chiropractor')),
  'injuryInformation.chiropractorPhone': phone('Chiropractor phone', needed("Please provide the chiropractor's phone number")),
  'injuryInformation.chiropractorFax': phone('Chiropractor fax', needed("Please provide the chiropractor's fax number")),
  'injuryInformation.specialist': short('Specialist', needed('Please provide the specialist')),
  'injuryInformation.specialistPhone': phone('Specialist phone', needed("Please provide the specialist's phone number")),
  'injuryInformation.specialistFax': phone('Specialist fax', needed("Please provide the specialist's fax number")),
  'injuryInformation.priorInjuries': yesNo('Prior injuries?', { required: 'final' }),
  'injuryInformation.description': short('Description of prior injuries', {
    required: yes('injuryInformation.priorInjuries'),
    message: 'Please describe the prior injuries',
    ...clearedOnNo('injuryInformation.priorInjuries'),
    note: 'Description of prior injuries.',
  }),
  'injuryInformation.treatmentReceived': yesNo('Treatment received for prior injuries?', { required: 'final' }),
  'injuryInformation.facilityTreated': short('Facility where treated', {
    required: yes('injuryInformation.treatmentReceived'),
    message: 'Please provide the facility where treated',
    ...clearedOnNo('injuryInformation.treatmentReceived'),
  }),
  'injuryInformation.doctorSpecialistName': short('Doctor/Specialist name', needed('Please provide the doctor/specialist name')),
  'injuryInformation.dates': short('Date(s)', {
    ...needed('Please provide the date(s)'),
    note: "Free text 'Date(s)' of the prior treatment.",
  }),
  'injuryInformation.healthInsurance': yesNo('Health Insurance', { required: 'final' }),
  'injuryInformation.provider': short('Provider', {
    required: yes('injuryInformation.healthInsurance'),
    message: 'Please provide the health insurance provider',
    ...clearedOnNo('injuryInformation.healthInsurance'),
  }),
  'injuryInformation.insIdNumber': short('Insurance ID Number', {
    required: yes('injuryInformation.healthInsurance'),
    message: 'Please provide the insurance ID number',
    ...clearedOnNo('injuryInformation.healthInsurance'),
  }),

  // Tab 6, Incident Description.
  // docs/product/intake-form.md#incident-date: optional for a draft and a final submit alike.
  'incidentDescription.incidentDate': {
    kind: 'date',
    label: 'Incident Date',
    notAfterToday: true,
    futureMessage: 'Incident date cannot be in the future',
    mayBeAbsent: true,
  },
  'incidentDescription.crashReportNum': short('Crash Report Number', needed('Please provide the crash report number')),
  'incidentDescription.city': short('City', needed('Please provide the city')),
  'incidentDescription.county': short('County', needed('Please provide the county')),
  'incidentDescription.police': yesNo('Police', { required: 'final' }),
  'incidentDescription.crashLocation': short('Crash location', needed('Please provide the crash location')),
  'incidentDescription.clientCited': yesNo('Client cited?', { required: 'final' }),
  // Both reasons read 'Reason' on screen; their accessible names tell them apart.
  'incidentDescription.clientCitedReason': {
    kind: 'text',
    label: 'Client cited reason',
    shownLabel: 'Reason',
    printLabel: 'Reason client was cited',
    maxLength: 20,
    required: yes('incidentDescription.clientCited'),
    message: 'Please provide the reason the client was cited',
    ...clearedOnNo('incidentDescription.clientCited'),
  },
  'incidentDescription.defendant': yesNo('Defendant?', { required: 'final', note: 'Was the defendant cited?' }),
  'incidentDescription.defendantReason': {
    kind: 'text',
    label: 'Defendant reason',
    shownLabel: 'Reason',
    printLabel: 'Reason (defendant)',
    maxLength: 25,
    required: yes('incidentDescription.defendant'),
    message: 'Please provide the reason for the defendant',
    ...clearedOnNo('incidentDescription.defendant'),
  },
  'incidentDescription.multiVehicle': yesNo('Multi-vehicle incident?', { required: 'final' }),
  'incidentDescription.howManyVehicles': {
    kind: 'count',
    label: 'How many vehicles?',
    printLabel: 'Number of vehicles',
    // At least 1 vehicle (docs/product/intake-form.md#limits).
    floor: 1,
    finalMaximum: FINAL_COUNT_MAXIMUM,
    required: yes('incidentDescription.multiVehicle'),
    message: 'Please provide how many vehicles',
    ...clearedOnNo('incidentDescription.multiVehicle'),
    disabledUnless: yes('incidentDescription.multiVehicle'),
  },
  'incidentDescription.description': area('Incident Description', needed('Please describe the incident')),
  'incidentDescription.priorIncidents': yesNo('Prior incidents?', { required: 'final' }),
  'incidentDescription.fault': area('Describe the prior incident(s), including who was at fault', {
    printLabel: 'Prior incidents, including who was at fault',
    required: yes('incidentDescription.priorIncidents'),
    message: 'Please describe the incident(s), including who was found at fault',
    ...clearedOnNo('incidentDescription.priorIncidents'),
    disabledUnless: yes('incidentDescription.priorIncidents'),
    note: 'The prior incidents, including who was found at fault.',
  }),
  'incidentDescription.witnesses': yesNo('Witnesses?', { required: 'final' }),
  'incidentDescription.witnessNamesAndContacts': area('Witness names and contact information', {
    printLabel: 'Names and contact information',
    required: yes('incidentDescription.witnesses'),
    message: 'Please provide the names and contact information of the witnesses',
    ...clearedOnNo('incidentDescription.witnesses'),
  }),
  'incidentDescription.photoOrEvidence': yesNo('Photo or other evidence?', { required: 'final' }),
  'incidentDescription.photoOrEvidenceDescription': {
    kind: 'textArea',
    label: 'Description of photo or other evidence',
    maxLength: 100,
    required: yes('incidentDescription.photoOrEvidence'),
    message: 'Please describe the photo or other evidence',
    ...clearedOnNo('incidentDescription.photoOrEvidence'),
  },

  // Tab 7, To Discuss with Client.
  ...ticks('checklist', {
    vehicleNextStep: 'Vehicle next steps',
    processOverview: 'Overview of process and that it takes time',
    insuranceRepresentation: 'Do not speak to insurers',
    incidentNonDisclosure: 'No social media posts about the accident and delete existing ones',
    treatment: 'Importance of treatment',
    timeframeAndPayout: 'Set realistic expectations and promise nothing',
    recommendHospital: 'Recommend hospital/provider',
    questions: 'Come to us first with questions',
  }),
  ...ticks('checklist', {
    firstPartyInsurance: '1st party insurance info',
    thirdPartyInsurance: '3rd party insurance info',
    policeReport: 'Police report',
    medicalInsuranceInformation: 'Medical insurance info',
    hospitalInformation: 'Hospital info (if applicable)',
    treatmentInformation: 'Current treatment info (if applicable)',
    witnessInformation: 'Witness info/photos',
    injuryPhoto: 'Injury photos',
    potentialTbi: 'Potential TBI (loss of consciousness, headaches, vomiting)',
  }),
} as const satisfies Readonly<Record<CataloguePath, FieldRule>>;

// ---- The catalogue's own types -------------------------------------------------------------------

type Catalogue = typeof intakeFields;

/** Every field of the catalogue; the painAndSymptoms object itself is a group of tick boxes, not a field. */
export type IntakeFieldId = keyof Catalogue;

type PathsOfKind<K extends FieldRule['kind']> = { [P in IntakeFieldId]: Catalogue[P] extends { kind: K } ? P : never }[IntakeFieldId];

/** Yes/No questions: true, false or null (docs/product/intake-form.md). */
export type YesNoPath = PathsOfKind<'yesNo'>;
/** The counts typed in number inputs. */
export type CountPath = PathsOfKind<'count'>;
/** Tick boxes: one boolean each. */
export type TickPath = PathsOfKind<'tick'>;
/** The calendar dates ('YYYY-MM-DD'). */
export type DatePath = PathsOfKind<'date'>;
/** Every free-text field. */
export type TextPath = PathsOfKind<TextRule['kind']>;

/** The catalogue entry of a field exactly as written (what the intake's types are read from, types.ts). */
export type CatalogueEntry<P extends IntakeFieldId> = Catalogue[P];

/** The rule of a field as its kind reads it: every property of its kind, its options' keys kept. */
export type RuleOf<P extends IntakeFieldId> = WideRule<Catalogue[P]>;
type WideRule<E> = E extends { kind: 'choice'; options: infer O }
  ? ChoiceRule<keyof O & string>
  : E extends { kind: 'list'; options: infer O }
    ? ListRule<keyof O & string>
    : E extends { kind: 'date' }
      ? DateRule
      : E extends { kind: 'count' }
        ? CountRule
        : E extends { kind: 'yesNo' }
          ? YesNoRule
          : E extends { kind: 'tick' }
            ? TickRule
            : TextRule;

/** The objects of tick boxes shown together, each with its legend (docs/product/intake-form.md#points-of-injury). */
export const tickGroups = {
  bodyPoints: { base: 'pointsOfInjury', legend: 'Body Points', keys: bodyPoints, selectAll: true },
  symptoms: { base: 'pointsOfInjury', legend: 'Symptoms', keys: symptomPoints, selectAll: true },
  impactPoints: { base: 'pointsOfInjury', legend: 'Vehicle Impact Points', keys: impactPoints, selectAll: true },
  painAndSymptoms: {
    base: 'injuryInformation.painAndSymptoms',
    legend: 'Check all that apply',
    keys: painAndSymptomsKeys,
    selectAll: false,
  },
  discussionTopics: { base: 'checklist', legend: 'Topics to Discuss with Client', keys: discussionTopics, selectAll: true },
  checklist: { base: 'checklist', legend: 'Checklist', keys: checklistItems, selectAll: true },
} as const;

export type TickGroupId = keyof typeof tickGroups;
export type TickGroupBase = (typeof tickGroups)[TickGroupId]['base'];

// ---- Reading the catalogue -----------------------------------------------------------------------

export const intakeFieldIds = Object.keys(intakeFields) as IntakeFieldId[];

/** The calendar dates: the form holds them as 'YYYY-MM-DD', the API as ISO. */
export const calendarDatePaths = intakeFieldIds.filter((path) => intakeFields[path].kind === 'date') as DatePath[];

export function fieldRule<P extends IntakeFieldId>(path: P): RuleOf<P> {
  return intakeFields[path] as FieldRule as RuleOf<P>;
}

export function isIntakeField(path: string): path is IntakeFieldId {
  return Object.hasOwn(intakeFields, path);
}

/** The fields of one kind, e.g. every text with its limit. */
export function fieldsOfKind<K extends FieldRule['kind']>(...kinds: K[]): [IntakeFieldId, Extract<FieldRule, { kind: K }>][] {
  return (Object.entries(intakeFields) as [IntakeFieldId, FieldRule][]).filter(
    (entry): entry is [IntakeFieldId, Extract<FieldRule, { kind: K }>] => (kinds as string[]).includes(entry[1].kind),
  );
}

/** The label the form shows for a field (its accessible name). */
export function fieldLabel(path: IntakeFieldId): string {
  return intakeFields[path].label;
}

/** The label the PDF prints for a field. */
export function printedLabel(path: IntakeFieldId): string {
  const rule: FieldRule = intakeFields[path];
  return ('printLabel' in rule && rule.printLabel) || rule.label;
}

/** When a field is required, if ever. */
export function requirementOf(path: IntakeFieldId): Requirement | undefined {
  const rule: FieldRule = intakeFields[path];
  return rule.kind === 'tick' ? undefined : rule.required;
}

/** What a missing required value shows. */
export function requiredMessage(path: IntakeFieldId): string {
  const rule: FieldRule = intakeFields[path];
  if (rule.kind === 'tick') return '';
  return rule.message ?? `Please answer "${rule.label}"`;
}

/** Every free-text field with its limit (docs/product/intake-form.md#limits). */
export const textFields = fieldsOfKind('text', 'phone', 'email', 'textArea', 'ssn') as [TextPath, TextRule][];

const textPathSet = new Set<string>(textFields.map(([path]) => path));

export function isTextPath(path: string): path is TextPath {
  return textPathSet.has(path);
}

export function textLimit(path: TextPath): number {
  return intakeFields[path].maxLength;
}

export function isTextArea(path: string): boolean {
  return isIntakeField(path) && intakeFields[path].kind === 'textArea';
}

/** The form's '{n} characters remaining' count (docs/product/intake-form.md#limits), never below 0. */
export function charactersRemaining(path: TextPath, value: string): number {
  return Math.max(0, textLimit(path) - value.length);
}

/**
 * What the form keeps of typed or pasted text (docs/product/intake-form.md#limits): text areas
 * lose their newlines (Enter is blocked, pasted line breaks are stripped), and anything past the
 * limit is cut.
 */
export function fitText(path: TextPath, value: string): string {
  const flat = isTextArea(path) ? value.replace(/\r?\n|\r/g, '') : value;
  return flat.slice(0, textLimit(path));
}

const clearings = new Map<string, [IntakeFieldId, Clearing][]>();
for (const [field, rule] of Object.entries(intakeFields) as [IntakeFieldId, FieldRule][]) {
  if ('clearedBy' in rule && rule.clearedBy)
    clearings.set(rule.clearedBy.of, [...(clearings.get(rule.clearedBy.of) ?? []), [field, rule.clearedBy]]);
}

/** The fields a change of `path` may empty, each with the change that does it. */
export function fieldsClearedBy(path: string): readonly [IntakeFieldId, Clearing][] {
  return clearings.get(path) ?? [];
}

/**
 * What openapi.yaml must say of a field's limits, so the server refuses what the form could never
 * send: maxLength for a text and for a choice (its longest option), the bounds of a count.
 */
export function contractLimits(path: IntakeFieldId): { maxLength?: number; minimum?: number; maximum?: number } {
  const rule: FieldRule = intakeFields[path];
  switch (rule.kind) {
    case 'count':
      // An empty count travels as 0 (docs/product/intake-form.md#normalisation-on-save).
      return { minimum: 0, maximum: COUNT_MAXIMUM };
    case 'choice':
      return { maxLength: Math.max(...Object.keys(rule.options).map((option) => option.length)) };
    case 'yesNo':
    case 'tick':
    case 'date':
    case 'list':
      return {};
    default:
      return { maxLength: rule.maxLength };
  }
}
