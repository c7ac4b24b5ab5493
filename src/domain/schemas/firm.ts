// The firm record (docs/product/firm-and-neos.md Firm). The spec does not show the firm screens' rules
// (docs/product/firm-and-neos.md), so these are ours: every field required, lengths that fit a letterhead.
// isNeosIntegrated is set by the server after a credential validation, never by this form.
import { boolean, number, object, type InferType } from 'yup';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../constants';
import { LIMITATION_YEARS_DEFAULT, LIMITATION_YEARS_MAX, LIMITATION_YEARS_MIN } from '../limitation';
import { requiredEmail, requiredText } from './shared';

export const firmMessages = {
  firmNameRequired: 'Firm name is required',
  firmNameTooLong: `Firm name must be at most ${FIRM_NAME_MAX_LENGTH} characters`,
  firmContactRequired: 'Firm contact is required',
  firmContactTooLong: `Firm contact must be at most ${FIRM_CONTACT_MAX_LENGTH} characters`,
  firmMailRequired: 'Firm email is required',
  firmAddressRequired: 'Firm address is required',
  firmAddressTooLong: `Firm address must be at most ${FIRM_ADDRESS_MAX_LENGTH} characters`,
  limitationYearsRange: `Limitation period must be a whole number of years from ${LIMITATION_YEARS_MIN} to ${LIMITATION_YEARS_MAX}`,
} as const;

export const firmSchema = object({
  firmName: requiredText(firmMessages.firmNameRequired).max(FIRM_NAME_MAX_LENGTH, firmMessages.firmNameTooLong),
  firmContact: requiredText(firmMessages.firmContactRequired).max(FIRM_CONTACT_MAX_LENGTH, firmMessages.firmContactTooLong),
  firmMail: requiredEmail(firmMessages.firmMailRequired),
  firmAddress: requiredText(firmMessages.firmAddressRequired).max(FIRM_ADDRESS_MAX_LENGTH, firmMessages.firmAddressTooLong),
  limitationYears: number()
    .typeError(firmMessages.limitationYearsRange)
    .required(firmMessages.limitationYearsRange)
    .integer(firmMessages.limitationYearsRange)
    .min(LIMITATION_YEARS_MIN, firmMessages.limitationYearsRange)
    .max(LIMITATION_YEARS_MAX, firmMessages.limitationYearsRange),
  /** The owner's 'Require two-factor sign-in' (docs/product/sign-in-and-session.md, Second factor). */
  requireSecondFactor: boolean().default(false),
});

export type FirmInput = InferType<typeof firmSchema>;

export const emptyFirm: Readonly<FirmInput> = Object.freeze({
  firmName: '',
  firmContact: '',
  firmMail: '',
  firmAddress: '',
  limitationYears: LIMITATION_YEARS_DEFAULT,
  requireSecondFactor: false,
});
