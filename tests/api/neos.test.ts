// Neos credential validation over real HTTP (docs/product/firm-and-neos.md "Integration credentials": valid
// only when the call returns 200; docs/architecture.md, Neos integration): the server asks the local Neos
// sandbox, answers 200 for the sandbox's credentials, 400 for any it refuses and 502 when Neos
// cannot be reached or answers something else.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges, type Privilege } from '../../src/domain/enums';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../../sandbox/neos/server';
import { createNeosClient, NeosUnavailableError } from '../../server/neos/client';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const invalidBody = { code: 'neos_credentials_invalid', message: 'Neos did not accept these credentials' };
const unavailableBody = { code: 'neos_unavailable', message: 'Neos could not be reached. Try again later.' };

/** A plain HTTP server answering every request with `handler`, for Neos failures the sandbox has no reason to make. */
async function startFakeNeos(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('NeosClient against the sandbox', () => {
  let sandbox: NeosSandbox;

  beforeAll(async () => {
    sandbox = await startNeosSandbox();
  });

  afterAll(() => sandbox?.close());

  it('calls the sandbox credentials valid', async () => {
    const client = createNeosClient({ baseUrl: sandbox.url });
    expect(await client.validateCredentials(SANDBOX_CREDENTIALS)).toBe('valid');
  });

  it.each([
    ['API key', { apiKey: 'sandbox-key-0002' }],
    ['company id', { companyId: 'another-company' }],
    ['integration id', { integrationId: 'another-integration' }],
  ])('calls them invalid with another %s', async (_what, change) => {
    const client = createNeosClient({ baseUrl: sandbox.url });
    expect(await client.validateCredentials({ ...SANDBOX_CREDENTIALS, ...change })).toBe('invalid');
  });

  it('throws NeosUnavailableError when nothing listens', async () => {
    const closed = await startNeosSandbox();
    await closed.close();
    const client = createNeosClient({ baseUrl: closed.url });
    await expect(client.validateCredentials(SANDBOX_CREDENTIALS)).rejects.toBeInstanceOf(NeosUnavailableError);
  });

  it('throws NeosUnavailableError when Neos does not answer in time', async () => {
    const silent = await startFakeNeos(() => {
      // Never answers.
    });
    try {
      const client = createNeosClient({ baseUrl: silent.url, timeoutMs: 200 });
      const started = Date.now();
      await expect(client.validateCredentials(SANDBOX_CREDENTIALS)).rejects.toBeInstanceOf(NeosUnavailableError);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await stop(silent.server);
    }
  });

  it('throws NeosUnavailableError for an answer that is neither success nor refusal', async () => {
    const failing = await startFakeNeos((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"internal"}');
    });
    try {
      const client = createNeosClient({ baseUrl: failing.url });
      await expect(client.validateCredentials(SANDBOX_CREDENTIALS)).rejects.toThrow('Neos answered 500');
    } finally {
      await stop(failing.server);
    }
  });

  it('throws NeosUnavailableError without NEOS_API_URL', async () => {
    await expect(createNeosClient({ baseUrl: undefined }).validateCredentials(SANDBOX_CREDENTIALS)).rejects.toBeInstanceOf(
      NeosUnavailableError,
    );
  });
});

describe.each(testDatabases())('POST /neos/validateCredentials on %s', (kind) => {
  let sandbox: NeosSandbox;
  let server: TestServer;
  /** The same app, pointed at a Neos that is down. */
  let cutOff: TestServer;
  const tokens = {} as Record<Privilege, string>;
  let cutOffOwnerToken: string;
  let cutOffFirmId: string;

  function validate(body: { companyId: string; apiKey: string; integrationId: string }, token = tokens.owner, on = server) {
    return on.api.POST('/neos/validateCredentials', { body, headers: bearer(token) });
  }

  beforeAll(async () => {
    sandbox = await startNeosSandbox();
    server = await startTestServer(kind, { neosApiUrl: sandbox.url });
    const firm = await server.createFirm();
    for (const privilege of privileges) {
      const user = await server.createUser({ firmId: firm.id, privilege });
      tokens[privilege] = await server.login(user.email, user.password);
    }

    const down = await startNeosSandbox();
    await down.close();
    cutOff = await startTestServer(kind, { neosApiUrl: down.url });
    const cutOffFirm = await cutOff.createFirm({ firmName: 'Cut Off Sample Firm' });
    cutOffFirmId = cutOffFirm.id;
    const owner = await cutOff.createUser({ firmId: cutOffFirm.id, privilege: 'owner' });
    cutOffOwnerToken = await cutOff.login(owner.email, owner.password);
  });

  afterAll(async () => {
    await server?.close();
    await cutOff?.close();
    await sandbox?.close();
  });

  it.each(['owner', 'administrator'] as const)('answers the %s 200 for credentials Neos accepts', async (privilege) => {
    const { data, response } = await validate(SANDBOX_CREDENTIALS, tokens[privilege]);
    expect(response.status).toBe(200);
    expect(data).toEqual({ data: { valid: true } });
  });

  it('accepts them with spaces around, as pasted', async () => {
    const { response } = await validate({
      companyId: ' sandbox-company',
      apiKey: 'sandbox-key-0001 \n',
      integrationId: 'sandbox-integration ',
    });
    expect(response.status).toBe(200);
  });

  it('answers 400 neos_credentials_invalid for credentials Neos refuses', async () => {
    const { response, error } = await validate({ ...SANDBOX_CREDENTIALS, apiKey: 'made-up-wrong-key' });
    expect(response.status).toBe(400);
    expect(error).toEqual(invalidBody);
  });

  it('answers 400 with field messages for blank values, without asking Neos', async () => {
    const { response, error } = await validate({ companyId: '  ', apiKey: 'k', integrationId: ' ' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({
      code: 'validation_failed',
      fields: { companyId: 'Company Id is required', integrationId: 'Integration Id is required' },
    });
  });

  it('is refused to the representative', async () => {
    const { response } = await validate(SANDBOX_CREDENTIALS, tokens.representative);
    expect(response.status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${server.baseUrl}/neos/validateCredentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(SANDBOX_CREDENTIALS),
    });
    expect(response.status).toBe(401);
  });

  it('answers 502 neos_unavailable when Neos is down', async () => {
    const { response, error } = await validate(SANDBOX_CREDENTIALS, cutOffOwnerToken, cutOff);
    expect(response.status).toBe(502);
    expect(error).toEqual(unavailableBody);
  });

  it('answers 502 to a firm update with credentials when Neos is down, and changes nothing', async () => {
    const { response, error } = await cutOff.api.PUT('/v1/firm', {
      body: {
        firmName: 'Should Not Be Saved',
        firmContact: 'Desk',
        firmMail: 'desk@cutoff.example.test',
        firmAddress: '1 Sample Road',
        neosCredentials: SANDBOX_CREDENTIALS,
      },
      headers: bearer(cutOffOwnerToken),
    });
    expect(response.status).toBe(502);
    expect(error).toEqual(unavailableBody);
    const row = await cutOff.db.selectFrom('firms').selectAll().where('id', '=', cutOffFirmId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firm_name: 'Cut Off Sample Firm', neos_api_key_encrypted: null });
    expect(Boolean(row.is_neos_integrated)).toBe(false);
  });
});
