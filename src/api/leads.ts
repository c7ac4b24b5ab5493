// Fetchers for lead registration and the leads list (docs/product/leads.md; the list call is ours, the
// spec does not show it). Each one calls the client, throws an ApiError on an error answer and
// returns the payload.
import type { Page } from './page';
import { toIsoTimestamp } from '../domain/dates';
import type { LeadInput } from '../domain/schemas/lead';
import { api } from './client';
import { dataOf } from './errors';
import type { components } from './schema';
import { saveOnce } from './idempotency';

export type DuplicateCheck = components['schemas']['DuplicateCheck'];
export type DuplicateLead = components['schemas']['DuplicateLead'];
export type CreatedLead = components['schemas']['CreatedLead'];
export type LeadRow = components['schemas']['LeadRow'];
type LeadBody = components['schemas']['LeadInput'];

export interface LeadPageQuery {
  pageSize: number;
  offset: number;
  search: string;
}

/** Optional texts left empty travel as null, the contract's "not given". */
export function toLeadBody(lead: LeadInput, birthDate: string): LeadBody {
  return {
    firstName: lead.firstName,
    middleName: lead.middleName || null,
    lastName: lead.lastName,
    birthDate,
    address: lead.address,
    city: lead.city,
    county: lead.county,
    state: lead.state,
    country: lead.country,
    zipCode: lead.zipCode,
    email: lead.email || null,
    gender: lead.gender,
    phone: lead.phone,
    minor: lead.minor,
  };
}

export async function checkDuplicate(lead: LeadInput): Promise<DuplicateCheck> {
  return dataOf(
    api.POST('/cases/v2/checkDuplicate', {
      body: { neosCasesInformation: toLeadBody(lead, lead.birthDate) },
    }),
  );
}

/** docs/product/leads.md: FromLead takes the birth date as an ISO string. */
export async function createLead(lead: LeadInput): Promise<CreatedLead> {
  const body = { neosCasesInformation: toLeadBody(lead, toIsoTimestamp(lead.birthDate)) };
  return dataOf(saveOnce((headers) => api.POST('/cases/v2/FromLead', { params: { header: headers }, body })));
}

export async function listLeads({ pageSize, offset, search }: LeadPageQuery): Promise<Page<LeadRow>> {
  const { record, totalRecords } = await dataOf(
    api.GET('/v1/leads', { params: { query: { pageSize, offSetValue: offset, ...(search ? { searchFilter: search } : {}) } } }),
  );
  return { rows: record, totalRecords };
}
