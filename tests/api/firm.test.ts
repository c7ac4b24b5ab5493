// The caller's firm on the real server (docs/product/firm-and-neos.md Firm, docs/product/firm-and-neos.md; docs/architecture.md, Tenancy and Neos
// integration): everyone reads their own firm, owner and administrator edit it, Neos credentials
// are checked with the sandbox over HTTP before they are stored, and the stored API key is sealed:
// not in the database files, never sent back, only its last four shown.
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { privileges, type Privilege } from '../../src/domain/enums';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../../sandbox/neos/server';
import { ConfigError, loadConfig } from '../../server/config';
import { CREDENTIALS_KEY_FILE_NAME, createCredentialsCipher, resolveCredentialsKey } from '../../server/crypto/credentialsCipher';
import { findFirmById } from '../../server/firms/repository';
import { neosApiKeyContext } from '../../server/firms/service';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

const CREDENTIALS_KEY = 'test-credentials-key-made-up-for-these-tests-0123456789';
const forbiddenBody = { message: 'You are not authorized to perform this action', code: 'forbidden' };

const alphaFirm = {
  firmName: 'Alpha Sample Firm',
  firmContact: 'Alpha Front Desk',
  firmMail: 'desk@alpha.example.test',
  firmAddress: '1 Alpha Road, Sampleton',
};

describe.each(testDatabases())('firm on %s', (kind) => {
  let server: TestServer;
  let sandbox: NeosSandbox;
  let firmId: string;
  let otherFirmId: string;
  const tokens = {} as Record<Privilege, string>;

  function getFirm(token: string) {
    return server.api.GET('/v1/firm', { headers: bearer(token) });
  }

  function putFirm(body: components['schemas']['FirmUpdateRequest'], token = tokens.administrator) {
    return server.api.PUT('/v1/firm', { body, headers: bearer(token) });
  }

  /** The stored row, straight from the database. */
  async function storedFirm(id = firmId) {
    return server.db.selectFrom('firms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    sandbox = await startNeosSandbox();
    server = await startTestServer(kind, { neosApiUrl: sandbox.url, credentialsKey: CREDENTIALS_KEY });
    const firm = await server.createFirm(alphaFirm);
    firmId = firm.id;
    for (const privilege of privileges) {
      const user = await server.createUser({ firmId, privilege });
      tokens[privilege] = await server.login(user.email, user.password);
    }
    otherFirmId = (await server.createFirm({ firmName: 'Beta Sample Firm' })).id;
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  describe('GET /v1/firm', () => {
    it.each(privileges)("answers the %s with the caller's own firm", async (privilege) => {
      const { data, response } = await getFirm(tokens[privilege]);
      expect(response.status).toBe(200);
      expect(data?.data).toEqual({
        ...alphaFirm,
        isNeosIntegrated: false,
        neosCredentials: null,
        limitationYears: 2,
        requireSecondFactor: false,
      });
    });

    it('answers 401 without a token', async () => {
      expect((await fetch(`${server.baseUrl}/v1/firm`)).status).toBe(401);
    });
  });

  describe('PUT /v1/firm', () => {
    it('is refused to the representative, and the firm stays as it was', async () => {
      const { response, error } = await putFirm({ ...alphaFirm, firmName: 'Renamed By Representative' }, tokens.representative);
      expect(response.status).toBe(403);
      expect(error).toEqual(forbiddenBody);
      expect((await storedFirm()).firm_name).toBe(alphaFirm.firmName);
    });

    it("updates the administrator's own firm only", async () => {
      const before = await storedFirm(otherFirmId);
      const update = {
        firmName: 'Alpha Renamed Firm',
        firmContact: '555-010-0100',
        firmMail: 'hello@alpha.example.test',
        firmAddress: '2 Alpha Road',
      };
      const { data, response } = await putFirm({ ...update, firmName: '  Alpha Renamed Firm ' });
      expect(response.status).toBe(200);
      const expected = { ...update, isNeosIntegrated: false, neosCredentials: null, limitationYears: 2, requireSecondFactor: false };
      expect(data?.data).toEqual(expected);
      expect((await getFirm(tokens.representative)).data?.data).toEqual(expected);
      expect(await storedFirm(otherFirmId)).toEqual(before);
    });

    it('is allowed to the owner', async () => {
      const { response, data } = await putFirm(alphaFirm, tokens.owner);
      expect(response.status).toBe(200);
      expect(data?.data.firmName).toBe(alphaFirm.firmName);
    });

    it('answers 400 with the field messages of the firm form', async () => {
      const { response, error } = await putFirm({ firmName: '   ', firmContact: null, firmMail: '', firmAddress: 'x'.repeat(200) });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: {
          firmName: 'Firm name is required',
          firmContact: 'Firm contact is required',
          firmMail: 'Firm email is required',
        },
      });
      expect((await storedFirm()).firm_name).toBe(alphaFirm.firmName);
    });

    // docs/product/firm-and-neos.md#limitation-period
    it('stores the limitation period, keeps it when an update leaves it out, and records the change', async () => {
      const { data, response } = await putFirm({ ...alphaFirm, limitationYears: 3 });
      expect(response.status).toBe(200);
      expect(data?.data.limitationYears).toBe(3);
      expect((await storedFirm()).limitation_years).toBe(3);
      expect((await putFirm(alphaFirm)).data?.data.limitationYears).toBe(3);
      expect((await getFirm(tokens.representative)).data?.data.limitationYears).toBe(3);
      const changed = await server.db
        .selectFrom('activity')
        .select('fields')
        .where('firm_id', '=', firmId)
        .where('action', '=', 'firm.changed')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(changed.fields)).toEqual(['limitationYears']);
      expect((await putFirm({ ...alphaFirm, limitationYears: 2 })).data?.data.limitationYears).toBe(2);
    });

    it.each([0, 11, 2.5])('refuses a limitation period of %s years with 400, the firm unchanged', async (years) => {
      const { response, error } = await putFirm({ ...alphaFirm, limitationYears: years });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ code: 'validation_failed' });
      expect((await storedFirm()).limitation_years).toBe(2);
    });

    it('answers 400 for a field the contract does not know, such as isNeosIntegrated', async () => {
      const response = await fetch(`${server.baseUrl}/v1/firm`, {
        method: 'PUT',
        headers: { ...bearer(tokens.owner), 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...alphaFirm, isNeosIntegrated: true }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', fields: { isNeosIntegrated: 'is not allowed' } });
      expect((await storedFirm()).is_neos_integrated).toBeFalsy();
    });

    it('refuses credentials Neos refuses, storing nothing', async () => {
      const { response, error } = await putFirm({
        ...alphaFirm,
        firmName: 'Not Saved Firm',
        neosCredentials: { ...SANDBOX_CREDENTIALS, apiKey: 'sandbox-key-9999' },
      });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ code: 'neos_credentials_invalid' });
      const row = await storedFirm();
      expect(row.firm_name).toBe(alphaFirm.firmName);
      expect(row.neos_api_key_encrypted).toBeNull();
    });

    it('reports blank credentials under neosCredentials', async () => {
      const { response, error } = await putFirm({ ...alphaFirm, neosCredentials: { companyId: ' ', apiKey: ' ', integrationId: 'x' } });
      expect(response.status).toBe(400);
      expect(error?.fields).toEqual({
        'neosCredentials.companyId': 'Company Id is required',
        'neosCredentials.apiKey': 'API Key is required',
      });
    });

    it('stores validated credentials sealed, shows only the last four and marks the firm integrated', async () => {
      const { data, response } = await putFirm({
        ...alphaFirm,
        neosCredentials: { ...SANDBOX_CREDENTIALS, apiKey: ` ${SANDBOX_CREDENTIALS.apiKey}\n` },
      });
      expect(response.status).toBe(200);
      const expected = {
        ...alphaFirm,
        isNeosIntegrated: true,
        neosCredentials: { companyId: 'sandbox-company', integrationId: 'sandbox-integration', apiKeyLastFour: '0001' },
        limitationYears: 2,
        requireSecondFactor: false,
      };
      expect(data?.data).toEqual(expected);
      for (const privilege of privileges) {
        const read = await fetch(`${server.baseUrl}/v1/firm`, { headers: bearer(tokens[privilege]) });
        const text = await read.text();
        expect(JSON.parse(text)).toEqual({ data: expected });
        expect(text).not.toContain(SANDBOX_CREDENTIALS.apiKey);
      }

      const row = await storedFirm();
      expect(row.neos_api_key_encrypted).toMatch(/^v1\./);
      expect(row.neos_api_key_encrypted).not.toContain(SANDBOX_CREDENTIALS.apiKey);
      // Sealed with the server's key for this firm, and for this firm only.
      const cipher = createCredentialsCipher(CREDENTIALS_KEY);
      expect(cipher.open(row.neos_api_key_encrypted ?? '', neosApiKeyContext(firmId))).toBe(SANDBOX_CREDENTIALS.apiKey);
      expect(() => cipher.open(row.neos_api_key_encrypted ?? '', neosApiKeyContext(otherFirmId))).toThrow();
      expect(() =>
        createCredentialsCipher(`${CREDENTIALS_KEY}-other`).open(row.neos_api_key_encrypted ?? '', neosApiKeyContext(firmId)),
      ).toThrow();
      expect((await findFirmById(server.db, otherFirmId))?.is_neos_integrated).toBe(false);
    });

    it.runIf(kind === 'sqlite')('leaves no trace of the API key in the SQLite database files', async () => {
      const [main] = await sql<{ file: string }>`pragma database_list`.execute(server.db).then((result) => result.rows);
      const databaseFile = main?.file ?? '';
      const directory = path.dirname(databaseFile);
      const files = (await readdir(directory)).filter((name) => name.startsWith(path.basename(databaseFile)));
      expect(files).toContain(`${path.basename(databaseFile)}-wal`);
      const needle = Buffer.from(SANDBOX_CREDENTIALS.apiKey, 'utf8');
      let bytesRead = 0;
      for (const name of files) {
        const bytes = await readFile(path.join(directory, name));
        bytesRead += bytes.length;
        expect(bytes.includes(needle), `${name} holds the API key`).toBe(false);
      }
      expect(bytesRead).toBeGreaterThan(0);
      // The sealed value itself is there, so the search looked where the credentials are.
      const row = await storedFirm();
      const sealed = Buffer.from(row.neos_api_key_encrypted ?? '', 'utf8');
      const found = await Promise.all(files.map(async (name) => (await readFile(path.join(directory, name))).includes(sealed)));
      expect(found).toContain(true);
    });

    it('keeps the stored credentials when an update does not send any', async () => {
      const { data } = await putFirm({ ...alphaFirm, firmContact: 'New Desk' });
      expect(data?.data).toMatchObject({
        firmContact: 'New Desk',
        isNeosIntegrated: true,
        neosCredentials: { companyId: 'sandbox-company', integrationId: 'sandbox-integration', apiKeyLastFour: '0001' },
      });
    });
  });
});

describe('credentials key and Neos settings', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'intake-credkey-'));
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('makes a key on first start, keeps it with mode 0600 and reuses it', async () => {
    const first = resolveCredentialsKey(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveCredentialsKey(undefined, dataDir)).toBe(first);
    expect((await stat(path.join(dataDir, CREDENTIALS_KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect(resolveCredentialsKey(CREDENTIALS_KEY, dataDir)).toBe(CREDENTIALS_KEY);
  });

  it('reads NEOS_API_URL and CREDENTIALS_KEY, and refuses unusable values', () => {
    expect(loadConfig({ NEOS_API_URL: 'https://neos.example.test', CREDENTIALS_KEY })).toMatchObject({
      neosApiUrl: 'https://neos.example.test',
      credentialsKey: CREDENTIALS_KEY,
    });
    expect(loadConfig({})).toMatchObject({ neosApiUrl: undefined, credentialsKey: undefined });
    try {
      loadConfig({ NEOS_API_URL: 'ftp://neos.example.test', CREDENTIALS_KEY: 'short' });
      expect.unreachable('loadConfig accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'NEOS_API_URL must be an http:// or https:// address',
        'CREDENTIALS_KEY must be at least 32 characters long',
      ]);
    }
  });
});
