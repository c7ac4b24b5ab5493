// Lead registration (docs/product/leads.md "Lead Registration", docs/product/leads.md Lead, docs/product/leads.md "Lead form"). The same
// schema checks the form in the browser and neosCasesInformation on the server.
import { object, string, type InferType } from 'yup';
import { MINIMUM_AGE } from '../constants';
import { leadGenders, yesNo, type LeadGender, type YesNo } from '../enums';
import { birthDate, emailFormatMessage, hasAge, isOldEnough, optionalText, requiredText } from './shared';

/** Required fields read '{Field} is required' with the form's label (docs/product/leads.md). */
export const leadMessages = {
  lastNameRequired: 'Last Name is required',
  firstNameRequired: 'First Name is required',
  birthDateRequired: 'Birth Date is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  countyRequired: 'County is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  zipCodeRequired: 'Zip Code is required',
  genderRequired: 'Please select a gender',
  phoneRequired: 'Phone is required',
  minorRequired: 'Please indicate if the person is a minor',
  tooYoung: 'Must be at least 18 years old',
} as const;

// Fields in the order the form shows them, so the first error is the first field on screen.
export const leadSchema = object({
  lastName: requiredText(leadMessages.lastNameRequired),
  middleName: optionalText(),
  firstName: requiredText(leadMessages.firstNameRequired),
  // A person who is not a minor must be 18 (docs/product/leads.md); for a minor the spec sets
  // no age rule.
  birthDate: birthDate(leadMessages.birthDateRequired).when('minor', {
    is: 'No',
    then: (schema) =>
      schema.test('minimum-age', leadMessages.tooYoung, function (value) {
        return !hasAge(value, this) || isOldEnough(value, MINIMUM_AGE, this);
      }),
  }),
  address: requiredText(leadMessages.addressRequired),
  city: requiredText(leadMessages.cityRequired),
  county: requiredText(leadMessages.countyRequired),
  state: requiredText(leadMessages.stateRequired),
  country: requiredText(leadMessages.countryRequired),
  zipCode: requiredText(leadMessages.zipCodeRequired),
  email: optionalText().email(emailFormatMessage),
  gender: string().required(leadMessages.genderRequired).oneOf(leadGenders, leadMessages.genderRequired),
  phone: requiredText(leadMessages.phoneRequired),
  minor: string().required(leadMessages.minorRequired).oneOf(yesNo, leadMessages.minorRequired),
});

/** A valid lead, as sent in neosCasesInformation. */
export type LeadInput = InferType<typeof leadSchema>;

/** The form while a person fills it: radios start unselected (''). Dates are 'YYYY-MM-DD'. */
export interface LeadFormValues {
  lastName: string;
  middleName: string;
  firstName: string;
  birthDate: string;
  address: string;
  city: string;
  county: string;
  state: string;
  country: string;
  zipCode: string;
  email: string;
  gender: LeadGender | '';
  phone: string;
  minor: YesNo | '';
}

/**
 * The form after a successful registration resets to this (docs/product/leads.md). Its keys are in
 * the order the form shows the fields (docs/product/leads.md, Lead registration).
 */
export const emptyLead: Readonly<LeadFormValues> = Object.freeze({
  lastName: '',
  middleName: '',
  firstName: '',
  birthDate: '',
  address: '',
  city: '',
  county: '',
  state: '',
  country: '',
  zipCode: '',
  email: '',
  gender: '',
  phone: '',
  minor: '',
});

/** The fields in screen order, for moving focus to the first one with a message. */
export const leadFieldOrder = Object.keys(emptyLead) as readonly (keyof LeadFormValues)[];
