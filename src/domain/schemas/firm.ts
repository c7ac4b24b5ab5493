// The firm record (docs/product/firm-and-neos.md Firm). The spec does not show the firm screens' rules
// (docs/product/firm-and-neos.md), so these are ours: every field required, lengths that fit a letterhead.
// isNeosIntegrated is set by the server after a credential validation, never by this form.
import { object, type InferType } from 'yup';
import { FIRM_ADDRESS_MAX_LENGTH, FIRM_CONTACT_MAX_LENGTH, FIRM_NAME_MAX_LENGTH } from '../constants';
import { requiredEmail, requiredText } from './shared';

export const firmMessages = {
  firmNameRequired: 'Firm name is required',
  firmNameTooLong: `Firm name must be at most ${FIRM_NAME_MAX_LENGTH} characters`,
  firmContactRequired: 'Firm contact is required',
  firmContactTooLong: `Firm contact must be at most ${FIRM_CONTACT_MAX_LENGTH} characters`,
  firmMailRequired: 'Firm email is required',
  firmAddressRequired: 'Firm address is required',
  firmAddressTooLong: `Firm address must be at most ${FIRM_ADDRESS_MAX_LENGTH} characters`,
} as const;

export const firmSchema = object({
  firmName: requiredText(firmMessages.firmNameRequired).max(FIRM_NAME_MAX_LENGTH, firmMessages.firmNameTooLong),
  firmContact: requiredText(firmMessages.firmContactRequired).max(FIRM_CONTACT_MAX_LENGTH, firmMessages.firmContactTooLong),
  firmMail: requiredEmail(firmMessages.firmMailRequired),
  firmAddress: requiredText(firmMessages.firmAddressRequired).max(FIRM_ADDRESS_MAX_LENGTH, firmMessages.firmAddressTooLong),
});

export type FirmInput = InferType<typeof firmSchema>;

export const emptyFirm: Readonly<FirmInput> = Object.freeze({ firmName: '', firmContact: '', firmMail: '', firmAddress: '' });
