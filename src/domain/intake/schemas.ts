// Intake validation (docs/product/intake-form.md): the draft rule, one schema per tab checked on final submit,
// and text limits everywhere (the server runs the same schemas, so a request cannot carry what
// the form would have cut). Messages quoted by the spec are used verbatim; the others follow
// their style ('Please provide ...', 'Please select ...', 'Please answer "<label>"').
import { array, boolean, mixed, object, string, type ObjectShape, type TestContext } from 'yup';
import { isFuture, parseCalendarDate, todayIso } from '../dates';
import { SSN_MASK_PATTERN } from '../ssnMask';
import { civilStatuses, genders, languages, phoneUsages, ssnStatuses } from '../enums';
import { birthDateFutureMessage, emailFormatMessage, todayOf, validateFields, type ValidationContext } from '../schemas/shared';
import { COUNT_MAXIMUM, FINAL_COUNT_MAXIMUM, textLimits, textPaths, type TextPath } from './limits';
import { isBlank, isMinorBirthDate } from './rules';
import { intakeTabs, tabOfPath, validatedTabs, type IntakeTab, type IntakeTabId, type ValidatedTabId } from './tabs';
import type { FieldErrors, GeneralCaseInformation } from './types';

export const intakeMessages = {
  // Quoted by the spec (docs/product/intake-form.md).
  firstName: 'Please enter your First Name',
  lastName: 'Please enter your Last Name',
  email: emailFormatMessage,
  ssnFormat: 'Please enter a valid SSN in the format XXX-XX-XXXX',
  phoneNumber: 'Please provide your phone number',
  fault: 'Please describe the incident(s), including who was found at fault',
  // Ours (the spec does not show them).
  tooLong: (limit: number) => `Please use at most ${limit} characters`,
  invalidDate: 'Please enter a valid date',
  birthDateFuture: birthDateFutureMessage,
  wholeNumber: 'Please enter a whole number',
  tooMany: (maximum: number) => `Please enter a number no greater than ${maximum}`,
  personal: {
    languages: 'Please select at least one language',
    phoneUsages: 'Please select how to use the phone number',
    address: 'Please provide your address',
    emailRequired: 'Please provide your email',
    dl: 'Please provide your DL number',
    gender: 'Please select your gender',
    civilStatus: 'Please select your civil status',
    birthDate: 'Please provide your birth date',
    status: 'Please select your SSN status',
    ssnItin: 'Please provide your SSN/ITIN',
    relationshipToClient: 'Please provide the relationship to the client',
    minorParentsName: "Please provide the minor's parent's name",
    passengers: 'Please answer "Passengers?"',
    passengerCount: 'Please provide how many passengers',
    seatingPosition: 'Please provide your seating position',
    existingClient: 'Please answer "Existing client for other incident?"',
  },
  vehicle: {
    clientHasPhotos: 'Please answer "Client has photos"',
    information: 'Please provide the vehicle information',
    owner: 'Please provide the owner',
    drivable: 'Please answer "Drivable?"',
    lienHolder: 'Please answer "Lien Holder?"',
    financeCompany: 'Please provide the finance company',
    vin: 'Please provide the VIN',
    licensePlate: 'Please provide the license plate',
    pds: 'Please provide the PD estimate',
    tl: 'Please answer "TL"',
    towed: 'Please answer "Towed"',
    location: 'Please provide the vehicle location',
    repairFacility: 'Please provide the repair facility',
    phoneNumber: "Please provide the repair facility's phone number",
    insuredBy: 'Please provide who the vehicle is insured by',
    policyNo: 'Please provide the policy number',
    claimNo: 'Please provide the claim number',
  },
  defendant: {
    clientHasPhotos: 'Please answer "Client has photos"',
    driversName: "Please provide the driver's name",
    owner: 'Please provide the owner',
    phoneNumber: 'Please provide the phone number',
    address: 'Please provide the address',
    information: 'Please provide the vehicle information',
    vin: 'Please provide the VIN',
    licensePlate: 'Please provide the license plate',
    drivable: 'Please answer "Drivable"',
    insuredBy: 'Please provide who the vehicle is insured by',
    policyNo: 'Please provide the policy number',
    claimNo: 'Please provide the claim number',
  },
  adjuster: {
    pdAdjuster: 'Please provide the PD adjuster',
    phone1: "Please provide the PD adjuster's phone number",
    fax1: "Please provide the PD adjuster's fax number",
    biAdjuster: 'Please provide the BI adjuster',
    phone2: "Please provide the BI adjuster's phone number",
    fax2: "Please provide the BI adjuster's fax number",
  },
  injury: {
    ems: 'Please answer "EMS?"',
    ara: 'Please answer "ARA?"',
    photos: 'Please answer "Photos of injury/injuries?"',
    hospitalized: 'Please answer "Hospitalized?"',
    hospitalDate: 'Please provide the hospital date',
    hospital: 'Please provide the hospital',
    painStart: 'Please provide when the pain started',
    painAndSymptomsExp: 'Please describe all pain/symptoms experienced',
    dailyLifeWorkEffect: 'Please describe how the injuries affect daily life/work',
    doctor: 'Please provide the doctor',
    doctorPhone: "Please provide the doctor's phone number",
    doctorFax: "Please provide the doctor's fax number",
    chiropractor: 'Please provide the chiropractor',
    chiropractorPhone: "Please provide the chiropractor's phone number",
    chiropractorFax: "Please provide the chiropractor's fax number",
    specialist: 'Please provide the specialist',
    specialistPhone: "Please provide the specialist's phone number",
    specialistFax: "Please provide the specialist's fax number",
    priorInjuries: 'Please answer "Prior injuries?"',
    description: 'Please describe the prior injuries',
    treatmentReceived: 'Please answer "Treatment received for prior injuries?"',
    facilityTreated: 'Please provide the facility where treated',
    doctorSpecialistName: 'Please provide the doctor/specialist name',
    dates: 'Please provide the date(s)',
    healthInsurance: 'Please answer "Health Insurance"',
    provider: 'Please provide the health insurance provider',
    insIdNumber: 'Please provide the insurance ID number',
  },
  incident: {
    crashReportNum: 'Please provide the crash report number',
    city: 'Please provide the city',
    county: 'Please provide the county',
    police: 'Please answer "Police"',
    crashLocation: 'Please provide the crash location',
    clientCited: 'Please answer "Client cited?"',
    clientCitedReason: 'Please provide the reason the client was cited',
    defendant: 'Please answer "Defendant?"',
    defendantReason: 'Please provide the reason for the defendant',
    multiVehicle: 'Please answer "Multi-vehicle incident?"',
    howManyVehicles: 'Please provide how many vehicles',
    description: 'Please describe the incident',
    priorIncidents: 'Please answer "Prior incidents?"',
    witnesses: 'Please answer "Witnesses?"',
    witnessNamesAndContacts: 'Please provide the names and contact information of the witnesses',
    photoOrEvidence: 'Please answer "Photo or other evidence?"',
    photoOrEvidenceDescription: 'Please describe the photo or other evidence',
  },
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ssnPattern = /^\d{3}-\d{2}-\d{4}$/;

// ---- Field builders ----------------------------------------------------------------------------

/** Any text of the intake: cut at its limit (docs/product/intake-form.md 'Text limits'). */
function text(path: TextPath) {
  const limit = textLimits[path];
  return string().max(limit, intakeMessages.tooLong(limit));
}

/** A text that must hold more than spaces. */
function requiredText(path: TextPath, message: string) {
  return text(path).test('required', message, (value) => !isBlank(value));
}

type Parent = Record<string, unknown>;

/** A text required only when `condition` holds for the other fields of its section. */
function requiredTextIf(path: TextPath, message: string, condition: (parent: Parent, context: TestContext) => boolean) {
  return text(path).test('required', message, function (value) {
    return !condition(this.parent as Parent, this) || !isBlank(value);
  });
}

/** A Yes/No question that must be answered: null (unanswered) fails. */
function answer(message: string) {
  return boolean()
    .nullable()
    .test('answered', message, (value) => value === true || value === false);
}

function choice<T extends string>(options: readonly T[], message: string) {
  return mixed<T>()
    .nullable()
    .test('selected', message, (value) => value != null && options.includes(value));
}

function atLeastOne<T extends string>(options: readonly T[], message: string) {
  return array(
    string()
      .defined()
      .oneOf([...options]),
  ).test('at-least-one', message, (value) => !!value && value.length > 0);
}

const filledDate = (value: string | undefined): value is string => !isBlank(value);

/** A calendar date held as 'YYYY-MM-DD' ('' when empty). */
function calendarDate() {
  return string().test('calendar-date', intakeMessages.invalidDate, (value) => !filledDate(value) || parseCalendarDate(value) !== null);
}

/** A count never above `maximum`: what the API stores on a draft, the final rule on submit. */
function boundedCount(maximum: number) {
  return mixed<number | ''>().test(
    'count-maximum',
    intakeMessages.tooMany(maximum),
    (value) => typeof value !== 'number' || value <= maximum,
  );
}

/** A count typed in a number input ('' while empty): a whole number of at least `minimum`. */
function count(minimum: number, requiredMessage: string, required: (parent: Parent) => boolean) {
  return boundedCount(FINAL_COUNT_MAXIMUM).test('count', requiredMessage, function (value) {
    if (value === '' || value == null) return required(this.parent as Parent) ? false : true;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
      return this.createError({ message: required(this.parent as Parent) ? requiredMessage : intakeMessages.wholeNumber });
    }
    return true;
  });
}

const given = (key: string) => (parent: Parent) => !isBlank(parent[key] as string | undefined);
const answeredYes = (key: string) => (parent: Parent) => parent[key] === true;

/**
 * PD and BI adjusters come with their phone and fax: a named adjuster needs both, and a phone or
 * fax needs the adjuster's name (docs/product/intake-form.md, Vehicle and Defendant tabs). Alone, phones and
 * faxes are optional.
 */
function adjusterFields(section: 'vehicleInformation' | 'defendantInformation') {
  const m = intakeMessages.adjuster;
  return {
    pdAdjuster: requiredTextIf(`${section}.pdAdjuster`, m.pdAdjuster, (p) => given('phone1')(p) || given('fax1')(p)),
    phone1: requiredTextIf(`${section}.phone1`, m.phone1, given('pdAdjuster')),
    fax1: requiredTextIf(`${section}.fax1`, m.fax1, given('pdAdjuster')),
    biAdjuster: requiredTextIf(`${section}.biAdjuster`, m.biAdjuster, (p) => given('phone2')(p) || given('fax2')(p)),
    phone2: requiredTextIf(`${section}.phone2`, m.phone2, given('biAdjuster')),
    fax2: requiredTextIf(`${section}.fax2`, m.fax2, given('biAdjuster')),
  };
}

// ---- Draft ---------------------------------------------------------------------------------------

/** Draft save: only the client's first and last name are required (docs/product/intake-form.md). */
export const draftSchema = object({
  personalInformation: object({
    firstName: requiredText('personalInformation.firstName', intakeMessages.firstName),
    lastName: requiredText('personalInformation.lastName', intakeMessages.lastName),
  }),
});

/**
 * Every text of every section against its limit, and the counts against their maximum: what a
 * draft must respect too, since the server refuses more (openapi.yaml maxLength and maximum).
 */
export const limitsSchema = object(
  Object.fromEntries(
    Object.entries(
      textPaths.reduce<Record<string, ObjectShape>>(
        (shapes, path) => {
          const [section, field] = path.split('.');
          shapes[section] = { ...shapes[section], [field]: text(path) };
          return shapes;
        },
        {
          personalInformation: { passengerCount: boundedCount(COUNT_MAXIMUM) },
          incidentDescription: { howManyVehicles: boundedCount(COUNT_MAXIMUM) },
        },
      ),
    ).map(([section, shape]) => [section, object(shape)]),
  ),
);

// ---- Final submit, one schema per validated tab ----------------------------------------------

const p = intakeMessages.personal;
const personalSchema = object({
  personalInformation: object({
    firstName: requiredText('personalInformation.firstName', intakeMessages.firstName),
    middleName: text('personalInformation.middleName'),
    lastName: requiredText('personalInformation.lastName', intakeMessages.lastName),
    languages: atLeastOne(languages, p.languages),
    address: requiredText('personalInformation.address', p.address),
    phoneNumber: requiredText('personalInformation.phoneNumber', intakeMessages.phoneNumber),
    phoneUsages: atLeastOne(phoneUsages, p.phoneUsages),
    email: requiredText('personalInformation.email', p.emailRequired).test(
      'email',
      intakeMessages.email,
      (value) => isBlank(value) || emailPattern.test(value ?? ''),
    ),
    dl: requiredText('personalInformation.dl', p.dl),
    gender: choice(genders, p.gender),
    civilStatus: choice(civilStatuses, p.civilStatus),
    birthDate: calendarDate()
      .test('required', p.birthDate, (value) => filledDate(value))
      .test('not-future', intakeMessages.birthDateFuture, function (value) {
        return !filledDate(value) || parseCalendarDate(value) === null || !isFuture(value, todayOf(this));
      }),
    status: choice(ssnStatuses, p.status),
    // Required only with status 'Has SSN'; whatever is typed must read 123-45-6789 (docs/product/intake-form.md).
    ssnItin: text('personalInformation.ssnItin').test('ssn', intakeMessages.ssnFormat, function (value) {
      if (isBlank(value)) {
        return (this.parent as Parent).status === 'hasSsn' ? this.createError({ message: p.ssnItin }) : true;
      }
      // The server's mask, sent back untouched, keeps the stored number (docs/product/intake-form.md).
      return ssnPattern.test(value ?? '') || SSN_MASK_PATTERN.test(value ?? '');
    }),
    alternateContact: text('personalInformation.alternateContact'),
    relationshipToClient: requiredTextIf('personalInformation.relationshipToClient', p.relationshipToClient, given('alternateContact')),
    altPhoneNumber: text('personalInformation.altPhoneNumber'),
    // A client under 18 needs a parent's name (docs/product/intake-form.md).
    minorParentsName: requiredTextIf('personalInformation.minorParentsName', p.minorParentsName, (parent, context) =>
      isMinorBirthDate(typeof parent.birthDate === 'string' ? parent.birthDate : '', todayOf(context)),
    ),
    passengers: answer(p.passengers),
    passengerCount: count(0, p.passengerCount, answeredYes('passengers')),
    seatingPosition: requiredText('personalInformation.seatingPosition', p.seatingPosition),
    existingClient: answer(p.existingClient),
  }),
});

const v = intakeMessages.vehicle;
const vehicleSchema = object({
  vehicleInformation: object({
    clientHasPhotos: answer(v.clientHasPhotos),
    information: requiredText('vehicleInformation.information', v.information),
    owner: requiredText('vehicleInformation.owner', v.owner),
    drivable: answer(v.drivable),
    lienHolder: answer(v.lienHolder),
    financeCompany: requiredText('vehicleInformation.financeCompany', v.financeCompany),
    vin: requiredText('vehicleInformation.vin', v.vin),
    licensePlate: requiredText('vehicleInformation.licensePlate', v.licensePlate),
    pds: requiredText('vehicleInformation.pds', v.pds),
    tl: answer(v.tl),
    towed: answer(v.towed),
    location: requiredTextIf('vehicleInformation.location', v.location, answeredYes('towed')),
    repairFacility: requiredText('vehicleInformation.repairFacility', v.repairFacility),
    phoneNumber: requiredText('vehicleInformation.phoneNumber', v.phoneNumber),
    insuredBy: requiredText('vehicleInformation.insuredBy', v.insuredBy),
    policyNo: requiredText('vehicleInformation.policyNo', v.policyNo),
    claimNo: requiredText('vehicleInformation.claimNo', v.claimNo),
    ...adjusterFields('vehicleInformation'),
  }),
});

const d = intakeMessages.defendant;
const defendantSchema = object({
  defendantInformation: object({
    clientHasPhotos: answer(d.clientHasPhotos),
    driversName: requiredText('defendantInformation.driversName', d.driversName),
    owner: requiredText('defendantInformation.owner', d.owner),
    phoneNumber: requiredText('defendantInformation.phoneNumber', d.phoneNumber),
    address: requiredText('defendantInformation.address', d.address),
    information: requiredText('defendantInformation.information', d.information),
    vin: requiredText('defendantInformation.vin', d.vin),
    licensePlate: requiredText('defendantInformation.licensePlate', d.licensePlate),
    drivable: answer(d.drivable),
    insuredBy: requiredText('defendantInformation.insuredBy', d.insuredBy),
    policyNo: requiredText('defendantInformation.policyNo', d.policyNo),
    claimNo: requiredText('defendantInformation.claimNo', d.claimNo),
    ...adjusterFields('defendantInformation'),
  }),
});

const i = intakeMessages.injury;
const injurySchema = object({
  injuryInformation: object({
    ems: answer(i.ems),
    ara: answer(i.ara),
    photos: answer(i.photos),
    hospitalized: answer(i.hospitalized),
    hospitalDate: calendarDate().test('required', i.hospitalDate, function (value) {
      return !answeredYes('hospitalized')(this.parent as Parent) || filledDate(value);
    }),
    hospital: requiredText('injuryInformation.hospital', i.hospital),
    painStart: requiredText('injuryInformation.painStart', i.painStart),
    painAndSymptomsExp: requiredText('injuryInformation.painAndSymptomsExp', i.painAndSymptomsExp),
    dailyLifeWorkEffect: requiredText('injuryInformation.dailyLifeWorkEffect', i.dailyLifeWorkEffect),
    // 'Currently receiving treatment' needs no answer (docs/product/intake-form.md).
    receivingTreatment: boolean().nullable(),
    doctor: requiredText('injuryInformation.doctor', i.doctor),
    doctorPhone: requiredText('injuryInformation.doctorPhone', i.doctorPhone),
    doctorFax: requiredText('injuryInformation.doctorFax', i.doctorFax),
    chiropractor: requiredText('injuryInformation.chiropractor', i.chiropractor),
    chiropractorPhone: requiredText('injuryInformation.chiropractorPhone', i.chiropractorPhone),
    chiropractorFax: requiredText('injuryInformation.chiropractorFax', i.chiropractorFax),
    specialist: requiredText('injuryInformation.specialist', i.specialist),
    specialistPhone: requiredText('injuryInformation.specialistPhone', i.specialistPhone),
    specialistFax: requiredText('injuryInformation.specialistFax', i.specialistFax),
    priorInjuries: answer(i.priorInjuries),
    description: requiredTextIf('injuryInformation.description', i.description, answeredYes('priorInjuries')),
    treatmentReceived: answer(i.treatmentReceived),
    facilityTreated: requiredTextIf('injuryInformation.facilityTreated', i.facilityTreated, answeredYes('treatmentReceived')),
    doctorSpecialistName: requiredText('injuryInformation.doctorSpecialistName', i.doctorSpecialistName),
    dates: requiredText('injuryInformation.dates', i.dates),
    healthInsurance: answer(i.healthInsurance),
    provider: requiredTextIf('injuryInformation.provider', i.provider, answeredYes('healthInsurance')),
    insIdNumber: requiredTextIf('injuryInformation.insIdNumber', i.insIdNumber, answeredYes('healthInsurance')),
  }),
});

const n = intakeMessages.incident;
const incidentSchema = object({
  incidentDescription: object({
    crashReportNum: requiredText('incidentDescription.crashReportNum', n.crashReportNum),
    city: requiredText('incidentDescription.city', n.city),
    county: requiredText('incidentDescription.county', n.county),
    police: answer(n.police),
    crashLocation: requiredText('incidentDescription.crashLocation', n.crashLocation),
    clientCited: answer(n.clientCited),
    clientCitedReason: requiredTextIf('incidentDescription.clientCitedReason', n.clientCitedReason, answeredYes('clientCited')),
    defendant: answer(n.defendant),
    defendantReason: requiredTextIf('incidentDescription.defendantReason', n.defendantReason, answeredYes('defendant')),
    multiVehicle: answer(n.multiVehicle),
    // At least 1 vehicle (docs/product/intake-form.md).
    howManyVehicles: count(1, n.howManyVehicles, answeredYes('multiVehicle')),
    description: requiredText('incidentDescription.description', n.description),
    priorIncidents: answer(n.priorIncidents),
    fault: requiredTextIf('incidentDescription.fault', intakeMessages.fault, answeredYes('priorIncidents')),
    witnesses: answer(n.witnesses),
    witnessNamesAndContacts: requiredTextIf(
      'incidentDescription.witnessNamesAndContacts',
      n.witnessNamesAndContacts,
      answeredYes('witnesses'),
    ),
    photoOrEvidence: answer(n.photoOrEvidence),
    photoOrEvidenceDescription: requiredTextIf(
      'incidentDescription.photoOrEvidenceDescription',
      n.photoOrEvidenceDescription,
      answeredYes('photoOrEvidence'),
    ),
  }),
});

/** Final submit: one schema per validated tab (Points of Injury and To Discuss have none, docs/product/intake-form.md). */
export const finalTabSchemas = {
  personal: personalSchema,
  vehicle: vehicleSchema,
  defendant: defendantSchema,
  injury: injurySchema,
  incident: incidentSchema,
} as const satisfies Record<ValidatedTabId, unknown>;

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
 * tab the form jumps to (with `requiredFieldsToast(firstFailingTab.name)`). The errors of every
 * validated tab are returned, so each tab can carry its mark.
 */
export function validateFinal(intake: GeneralCaseInformation, today: string | Date = new Date()): IntakeValidation {
  const context = contextFor(today);
  const errors: FieldErrors = {};
  for (const tab of validatedTabs) {
    Object.assign(errors, validateFields(finalTabSchemas[tab.id], intake, context));
  }
  return toValidation(errors);
}

/** Draft save (docs/product/intake-form.md): first and last name, and nothing beyond its limit. */
export function validateDraft(intake: GeneralCaseInformation): IntakeValidation {
  const errors = { ...validateFields(limitsSchema, intake), ...validateFields(draftSchema, intake) };
  return toValidation(errors);
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
