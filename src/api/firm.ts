// Fetchers for the caller's firm (docs/product/firm-and-neos.md leaves the firm calls to us: GET and PUT
// /v1/firm in openapi.yaml). Each one throws an ApiError on an error answer and returns the payload.
import { api } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type Firm = components['schemas']['Firm'];
export type FirmUpdate = components['schemas']['FirmUpdateRequest'];

export async function getFirm(): Promise<Firm> {
  return dataOf(api.GET('/v1/firm'));
}

/** With `neosCredentials` the server validates them with Neos again before storing them. */
export async function updateFirm(changes: FirmUpdate): Promise<Firm> {
  return dataOf(api.PUT('/v1/firm', { body: changes }));
}
