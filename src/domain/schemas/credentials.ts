// Case-management integration credentials (docs/product/firm-and-neos.md "Integration credentials form",
// docs/product/firm-and-neos.md). Whether they are valid is the validation call's answer (docs/product/firm-and-neos.md); this only checks presence.
import { object, type InferType } from 'yup';
import { requiredText } from './shared';

export const credentialsMessages = {
  companyIdRequired: 'Company Id is required',
  apiKeyRequired: 'API Key is required',
  integrationIdRequired: 'Integration Id is required',
} as const;

export const credentialsSchema = object({
  companyId: requiredText(credentialsMessages.companyIdRequired),
  apiKey: requiredText(credentialsMessages.apiKeyRequired),
  integrationId: requiredText(credentialsMessages.integrationIdRequired),
});

export type CredentialsInput = InferType<typeof credentialsSchema>;

export const emptyCredentials: Readonly<CredentialsInput> = Object.freeze({ companyId: '', apiKey: '', integrationId: '' });
