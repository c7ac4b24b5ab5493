// Text limits of the intake (docs/product/intake-form.md 'Text limits', docs/product/intake-form.md). Input beyond a limit is cut in
// the form, and the same numbers are maxLength in openapi.yaml so the server refuses what the
// form could never have sent.
//
// Where the spec gives no number: short texts 100, phone and fax numbers 30, e-mail 254 (the
// longest address SMTP allows, as for login in openapi.yaml).
import { TEXT_AREA_DEFAULT_LIMIT } from '../constants';
import { calendarDatePaths, type FieldPath, type FieldValue } from './types';

export const SHORT_TEXT_LIMIT = 100;
export const PHONE_LIMIT = 30;
export const EMAIL_LIMIT = 254;

/**
 * Largest passengerCount and howManyVehicles the API stores (openapi.yaml `maximum`): what a
 * 32-bit integer holds, so a draft keeps whatever was typed (docs/product/intake-form.md).
 */
export const COUNT_MAXIMUM = 2_147_483_647;

/** Largest count a final intake takes; the spec sets none, more passengers than this is a typo. */
export const FINAL_COUNT_MAXIMUM = 100;

/** Every free-text field: string-valued paths except the calendar dates. */
export type TextPath = Exclude<
  { [P in FieldPath]: FieldValue<P> extends string ? P : never }[FieldPath],
  (typeof calendarDatePaths)[number]
>;

/**
 * Multi-line text areas: they strip newlines, block Enter and show '{n} characters remaining'
 * (docs/product/intake-form.md). The injury tab names its two; in the incident tab the long descriptions are
 * text areas too (the PDF wraps them over several lines, spec 'PDF preview').
 */
export const textAreaPaths = [
  'injuryInformation.painAndSymptomsExp',
  'injuryInformation.dailyLifeWorkEffect',
  'incidentDescription.description',
  'incidentDescription.fault',
  'incidentDescription.witnessNamesAndContacts',
  'incidentDescription.photoOrEvidenceDescription',
] as const satisfies readonly TextPath[];

export type TextAreaPath = (typeof textAreaPaths)[number];

const short = SHORT_TEXT_LIMIT;
const phone = PHONE_LIMIT;
const area = TEXT_AREA_DEFAULT_LIMIT;

export const textLimits: Readonly<Record<TextPath, number>> = {
  'personalInformation.firstName': short,
  'personalInformation.middleName': short,
  'personalInformation.lastName': short,
  'personalInformation.address': 100,
  'personalInformation.phoneNumber': phone,
  'personalInformation.email': EMAIL_LIMIT,
  'personalInformation.dl': short,
  'personalInformation.ssnItin': 11,
  'personalInformation.alternateContact': short,
  'personalInformation.relationshipToClient': short,
  'personalInformation.altPhoneNumber': phone,
  'personalInformation.minorParentsName': short,
  'personalInformation.seatingPosition': short,

  'vehicleInformation.information': short,
  'vehicleInformation.owner': short,
  'vehicleInformation.financeCompany': short,
  'vehicleInformation.vin': short,
  'vehicleInformation.licensePlate': short,
  'vehicleInformation.pds': short,
  'vehicleInformation.location': short,
  'vehicleInformation.repairFacility': short,
  'vehicleInformation.phoneNumber': phone,
  'vehicleInformation.insuredBy': short,
  'vehicleInformation.policyNo': short,
  'vehicleInformation.claimNo': short,
  'vehicleInformation.pdAdjuster': short,
  'vehicleInformation.phone1': phone,
  'vehicleInformation.fax1': phone,
  'vehicleInformation.biAdjuster': short,
  'vehicleInformation.phone2': phone,
  'vehicleInformation.fax2': phone,

  'defendantInformation.driversName': short,
  'defendantInformation.owner': short,
  'defendantInformation.phoneNumber': phone,
  'defendantInformation.address': 100,
  'defendantInformation.information': 90,
  'defendantInformation.vin': short,
  'defendantInformation.licensePlate': short,
  'defendantInformation.insuredBy': short,
  'defendantInformation.policyNo': short,
  'defendantInformation.claimNo': short,
  'defendantInformation.pdAdjuster': short,
  'defendantInformation.phone1': phone,
  'defendantInformation.fax1': phone,
  'defendantInformation.biAdjuster': short,
  'defendantInformation.phone2': phone,
  'defendantInformation.fax2': phone,

  'injuryInformation.hospital': short,
  'injuryInformation.painStart': 90,
  'injuryInformation.painAndSymptomsExp': area,
  'injuryInformation.dailyLifeWorkEffect': area,
  'injuryInformation.doctor': short,
  'injuryInformation.doctorPhone': phone,
  'injuryInformation.doctorFax': phone,
  'injuryInformation.chiropractor': short,
  'injuryInformation.chiropractorPhone': phone,
  'injuryInformation.chiropractorFax': phone,
  'injuryInformation.specialist': short,
  'injuryInformation.specialistPhone': phone,
  'injuryInformation.specialistFax': phone,
  'injuryInformation.description': short,
  'injuryInformation.facilityTreated': short,
  'injuryInformation.doctorSpecialistName': short,
  'injuryInformation.dates': short,
  'injuryInformation.provider': short,
  'injuryInformation.insIdNumber': short,

  'incidentDescription.crashReportNum': short,
  'incidentDescription.city': short,
  'incidentDescription.county': short,
  'incidentDescription.crashLocation': short,
  'incidentDescription.clientCitedReason': 20,
  'incidentDescription.defendantReason': 25,
  'incidentDescription.description': area,
  'incidentDescription.fault': area,
  'incidentDescription.witnessNamesAndContacts': area,
  'incidentDescription.photoOrEvidenceDescription': 100,
};

export const textPaths = Object.keys(textLimits) as TextPath[];

export function isTextPath(path: string): path is TextPath {
  return Object.hasOwn(textLimits, path);
}

export function textLimit(path: TextPath): number {
  return textLimits[path];
}

export function isTextArea(path: string): path is TextAreaPath {
  return (textAreaPaths as readonly string[]).includes(path);
}

/** The form's '{n} characters remaining' count (docs/product/intake-form.md), never below 0. */
export function charactersRemaining(path: TextPath, value: string): number {
  return Math.max(0, textLimits[path] - value.length);
}

/**
 * What the form keeps of typed or pasted text (docs/product/intake-form.md): text areas lose their
 * newlines (Enter is blocked, pasted line breaks are stripped), and anything past the limit is cut.
 */
export function fitText(path: TextPath, value: string): string {
  const flat = isTextArea(path) ? value.replace(/\r?\n|\r/g, '') : value;
  return flat.slice(0, textLimits[path]);
}
