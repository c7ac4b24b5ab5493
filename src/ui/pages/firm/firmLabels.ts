// How the firm screens word the Neos connection (the spec does not show the firm screens, docs/product/firm-and-neos.md).
import type { Firm } from '../../../api/firm';

export const FIRM_TEXT = {
  notProvided: 'Not provided',
  connected: 'Connected',
  notConnected: 'Not connected',
  loadFailed: 'The firm could not be loaded.',
  retry: 'Try again',
  loading: 'Please wait while the firm is loading',
} as const;

/** The API key is never shown whole: the server returns only its last four characters. */
export function maskedApiKey(lastFour: string): string {
  return `••••${lastFour}`;
}

export function neosStatus(firm: Firm): string {
  return firm.isNeosIntegrated ? FIRM_TEXT.connected : FIRM_TEXT.notConnected;
}
