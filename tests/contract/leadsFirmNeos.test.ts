// The lead, firm and Neos fetchers (src/api/{leads,firm,neos}.ts) against a fake server: the call
// each one makes, the payload it returns, and the ApiError it throws.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { getFirm, updateFirm } from '../../src/api/firm';
import { checkDuplicate, createLead, listLeads, type CreatedLead } from '../../src/api/leads';
import { validateCredentials } from '../../src/api/neos';
import type { LeadInput } from '../../src/domain/schemas/lead';
import { sampleLead } from '../support/sampleLead';
import { fakeServer as server } from './fakeServer';
import { sampleFirm } from '../support/sampleFirm';

// The fetchers talk to a fake server (see ./fakeServer).
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fakeServer')).clientAnsweredByFakeServer(importOriginal, 'token-leads'),
);

const lead: LeadInput = { ...sampleLead, middleName: '', email: '' };

const firm = sampleFirm;

function callOf(request: Request | undefined): string {
  const url = new URL(request!.url);
  return `${request!.method} ${url.pathname}${url.search}`;
}

beforeEach(() => {
  server.requests.length = 0;
});

describe('lead fetchers', () => {
  it('checkDuplicate posts the lead as neosCasesInformation, empty optional texts as null', async () => {
    server.answer = () => Response.json({ data: { isDuplicate: false, hasIntakeId: false, duplicateLeads: [] } });
    await expect(checkDuplicate(lead)).resolves.toEqual({ isDuplicate: false, hasIntakeId: false, duplicateLeads: [] });
    const [request] = server.requests;
    expect(callOf(request)).toBe('POST /cases/v2/checkDuplicate');
    expect(request!.headers.get('Authorization')).toBe('Bearer token-leads');
    expect(await request!.json()).toEqual({ neosCasesInformation: { ...lead, middleName: null, email: null } });
  });

  it('checkDuplicate throws the 409 with the server message', async () => {
    server.answer = () => Response.json({ message: 'Cannot register duplicate lead', code: 'duplicate_lead' }, { status: 409 });
    await expect(checkDuplicate(lead)).rejects.toMatchObject({ status: 409, body: { message: 'Cannot register duplicate lead' } });
  });

  it('createLead sends the birth date as an ISO string (docs/product/leads.md)', async () => {
    const created = { lead: { id: 'lead-1' }, intake: { caseId: 'case-1', status: 'draft' } } as unknown as CreatedLead;
    server.answer = () => Response.json({ data: created }, { status: 201 });
    await expect(createLead(lead)).resolves.toEqual(created);
    const [request] = server.requests;
    expect(callOf(request)).toBe('POST /cases/v2/FromLead');
    const body = (await request!.json()) as { neosCasesInformation: { birthDate: string } };
    expect(body.neosCasesInformation.birthDate).toBe('1988-07-14T00:00:00.000Z');
  });

  it('listLeads asks for one page, with the search only when there is one', async () => {
    server.answer = () => Response.json({ data: { record: [], totalRecords: 12 } });
    await expect(listLeads({ pageSize: 10, offset: 10, search: '' })).resolves.toEqual({ rows: [], totalRecords: 12 });
    await listLeads({ pageSize: 10, offset: 0, search: 'quill' });
    expect(server.requests.map(callOf)).toEqual([
      'GET /v1/leads?pageSize=10&offSetValue=10',
      'GET /v1/leads?pageSize=10&offSetValue=0&searchFilter=quill',
    ]);
  });
});

describe('firm fetchers', () => {
  it('getFirm returns the firm', async () => {
    server.answer = () => Response.json({ data: firm });
    await expect(getFirm()).resolves.toEqual(firm);
    expect(callOf(server.requests[0])).toBe('GET /v1/firm');
  });

  it('updateFirm puts the changes and throws the server message on failure', async () => {
    const changes = { firmName: 'Example LLP', firmContact: null, firmMail: null, firmAddress: null };
    server.answer = () => Response.json({ data: { ...firm, ...changes } });
    await expect(updateFirm(changes)).resolves.toMatchObject(changes);
    expect(callOf(server.requests[0])).toBe('PUT /v1/firm');
    expect(await server.requests[0]!.json()).toEqual(changes);

    server.answer = () => Response.json({ message: 'Only owners and administrators', code: 'forbidden' }, { status: 403 });
    await expect(updateFirm(changes)).rejects.toMatchObject({ status: 403, message: 'Only owners and administrators' });
  });
});

describe('validateCredentials (docs/product/leads.md)', () => {
  const credentials = { companyId: 'company-7', apiKey: 'test-key-0042', integrationId: 'integration-3' };

  it('succeeds on HTTP 200 without reading the body', async () => {
    server.answer = () => new Response('not json', { status: 200 });
    await expect(validateCredentials(credentials)).resolves.toBeUndefined();
    expect(callOf(server.requests[0])).toBe('POST /neos/validateCredentials');
    expect(await server.requests[0]!.json()).toEqual(credentials);
  });

  it.each([
    ['a refusal', () => Response.json({ message: 'Neos refused', code: 'neos_credentials_invalid' }, { status: 400 })],
    ['another 2xx', () => new Response(null, { status: 204 })],
    ['an unreachable Neos', () => Response.json({ message: 'Neos is unavailable', code: 'neos_unavailable' }, { status: 502 })],
  ])('fails on %s', async (_, answer) => {
    server.answer = answer;
    await expect(validateCredentials(credentials)).rejects.toBeInstanceOf(ApiError);
  });
});
