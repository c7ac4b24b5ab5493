// The keys that seal SSN/ITIN (README, "Encryption at rest"): `rotate-key` re-seals every value
// under a new key while the app keeps running, after which no value opens with the old key; the
// key file is 0600; migration 0008 seals numbers stored in clear before it, in every file.
import { chmod, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake, toApiIntake } from '../../src/domain/intake';
import { ConfigError, loadConfig } from '../../server/config';
import { createPiiCipher, type PiiCipher } from '../../server/crypto/piiCipher';
import { PII_KEYS_FILE_NAME, readKeyringFile, type PiiKeyring } from '../../server/crypto/piiKeys';
import { rotatePiiKey } from '../../server/crypto/rotatePiiKey';
import { keysBesideDataWarning } from '../../server/crypto/keyPlacement';
import { resolveSecret } from '../../server/crypto/secretFile';
import { openDatabase, type Database } from '../../server/db/database';
import { SQLITE_FILE_NAME } from '../../server/db/dataDir';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { newIntakeRow } from '../../server/intakes/repository';
import { createdIntake, draftIntake, type Caller } from './support/intakes';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';
import type { Kysely } from 'kysely';

const USER_SSN = '734-29-5180';
const INTAKE_SSN = '683-51-9027';
const LATER_SSN = '619-38-2704';

async function sealedValues(db: Kysely<Database>): Promise<{ value: string; column: 'users.ssn' | 'users.itin' | 'intakes.ssnItin' }[]> {
  const users = await db.selectFrom('users').select(['ssn', 'itin']).execute();
  const intakes = await db.selectFrom('intakes').select('ssn_itin_sealed').execute();
  return [
    ...users.flatMap((user) => [
      ...(user.ssn ? [{ value: user.ssn, column: 'users.ssn' as const }] : []),
      ...(user.itin ? [{ value: user.itin, column: 'users.itin' as const }] : []),
    ]),
    ...intakes.flatMap((intake) => (intake.ssn_itin_sealed ? [{ value: intake.ssn_itin_sealed, column: 'intakes.ssnItin' as const }] : [])),
  ];
}

function opensWith(cipher: PiiCipher, value: string, column: 'users.ssn' | 'users.itin' | 'intakes.ssnItin'): boolean {
  try {
    cipher.open(value, column);
    return true;
  } catch {
    return false;
  }
}

describe.each(testDatabases())('rotate-key on %s', (kind) => {
  let server: TestServer;
  let keyDir: string;
  let keyFile: string;
  let owner: Caller;
  let caseId: string;
  let userId: string;

  beforeAll(async () => {
    keyDir = await mkdtemp(path.join(tmpdir(), 'intake-keys-'));
    keyFile = path.join(keyDir, PII_KEYS_FILE_NAME);
    server = await startTestServer(kind, { piiCipher: createPiiCipher({ kind: 'file', file: keyFile }) });
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id, privilege: 'owner', userInformation: { ssnStatus: 'hasSsn', ssn: USER_SSN } });
    userId = user.id;
    owner = { user, token: await server.login(user.email, user.password) };
    const intake = draftIntake({ firstName: 'Rota', lastName: 'Sample', status: 'hasSsn', ssnItin: INTAKE_SSN });
    caseId = (await createdIntake(server, owner, intake)).caseId!;
  });

  afterAll(async () => {
    await server?.close();
    await rm(keyDir, { recursive: true, force: true });
  });

  it('keeps the generated key file 0600', async () => {
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  it('re-seals every value under a new key while the app runs; none opens with the old key after', async () => {
    const oldKeyring: PiiKeyring = readKeyringFile(keyFile);
    const oldCipher = createPiiCipher(oldKeyring);
    const before = await sealedValues(server.db);
    expect(before.length).toBe(2);
    expect(before.every(({ value, column }) => opensWith(oldCipher, value, column))).toBe(true);

    const result = await rotatePiiKey(server.db, { kind: 'file', file: keyFile });
    expect(result.resealed).toBe(2);
    expect(result.newKeyId).not.toBe(oldKeyring.current);

    const newKeyring = readKeyringFile(keyFile);
    expect(newKeyring.current).toBe(result.newKeyId);
    expect(Object.keys(newKeyring.keys)).toEqual([result.newKeyId]);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const newCipher = createPiiCipher(newKeyring);
    const after = await sealedValues(server.db);
    expect(after.every(({ value, column }) => opensWith(newCipher, value, column))).toBe(true);
    expect(after.some(({ value, column }) => opensWith(oldCipher, value, column))).toBe(false);
    expect(after.map(({ value, column }) => newCipher.open(value, column)).sort()).toEqual([INTAKE_SSN, USER_SSN].sort());

    // The running app reads the new key file: reveals still work and a new value takes the new key.
    const reveal = await server.api.POST('/v1/intake/{caseId}/reveal', { params: { path: { caseId } }, headers: bearer(owner.token) });
    expect(reveal.data?.data.ssnItin).toBe(INTAKE_SSN);
    const user = await server.api.POST('/v1/user/{id}/reveal', { params: { path: { id: userId } }, headers: bearer(owner.token) });
    expect(user.data?.data.ssn).toBe(USER_SSN);
    const later = await createdIntake(
      server,
      owner,
      draftIntake({ firstName: 'Later', lastName: 'Sample', status: 'hasSsn', ssnItin: LATER_SSN }),
    );
    const row = await server.db
      .selectFrom('intakes')
      .select('ssn_itin_sealed')
      .where('case_id', '=', later.caseId!)
      .executeTakeFirstOrThrow();
    expect(newCipher.keyIdOf(row.ssn_itin_sealed!)).toBe(result.newKeyId);
    expect(newCipher.open(row.ssn_itin_sealed!, 'intakes.ssnItin')).toBe(LATER_SSN);
  });

  it('with PII_KEYS re-seals under the first key listed and names the others as no longer needed', async () => {
    const current = readKeyringFile(keyFile);
    const keyring = { current: 'fresh', keys: { fresh: 'f'.repeat(40), ...current.keys } };
    const result = await rotatePiiKey(server.db, { kind: 'env', keyring });
    expect(result).toEqual({ newKeyId: 'fresh', resealed: 3, retired: [current.current] });
    const fresh = createPiiCipher({ current: 'fresh', keys: { fresh: 'f'.repeat(40) } });
    expect((await sealedValues(server.db)).every(({ value, column }) => opensWith(fresh, value, column))).toBe(true);
  });
});

describe('secrets beside the data', () => {
  const file = { kind: 'file' as const, file: '/data/pii-keys' };
  const env = { kind: 'env' as const, keyring: { current: 'a', keys: { a: 'a'.repeat(40) } } };

  it('warns in production about each secret kept in DATA_DIR, saying how to pass it', () => {
    const warning = keysBesideDataWarning({ production: true, pii: file, credentialsKeyGiven: false, jwtSecretGiven: true });
    expect(warning).toContain('pass PII_KEYS');
    expect(warning).toContain('pass CREDENTIALS_KEY');
    expect(warning).not.toContain('JWT_SECRET');
  });

  it('is quiet when every secret comes from the environment, or outside production', () => {
    expect(keysBesideDataWarning({ production: true, pii: env, credentialsKeyGiven: true, jwtSecretGiven: true })).toBeUndefined();
    expect(keysBesideDataWarning({ production: false, pii: file, credentialsKeyGiven: false, jwtSecretGiven: false })).toBeUndefined();
  });

  it('keeps generated secret files 0600 and DATA_DIR 0700, also ones an older version left open', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'intake-secrets-')), 'data');
    try {
      resolveSecret({ configured: undefined, dataDir, fileName: 'jwt-secret', minLength: 32 });
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
      await chmod(path.join(dataDir, 'jwt-secret'), 0o644);
      resolveSecret({ configured: undefined, dataDir, fileName: 'jwt-secret', minLength: 32 });
      expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
      // An older version's world-readable directory and database are closed on open.
      await openDatabase({ dataDir }).destroy();
      await chmod(dataDir, 0o755);
      await chmod(path.join(dataDir, SQLITE_FILE_NAME), 0o644);
      await openDatabase({ dataDir }).destroy();
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, SQLITE_FILE_NAME))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe('PII_KEYS and PII_KEY', () => {
  it('take id:secret entries, the first sealing, or one secret; refuse short secrets and bad ids', () => {
    expect(loadConfig({ PII_KEYS: `b:${'x'.repeat(32)},a:${'y'.repeat(32)}` }).piiKeys.PII_KEYS).toContain('b:');
    expect(() => loadConfig({ PII_KEYS: 'b:short' })).toThrow(ConfigError);
    expect(() => loadConfig({ PII_KEYS: `no id:${'x'.repeat(32)}` })).toThrow(ConfigError);
    expect(() => loadConfig({ PII_KEY: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ PII_KEY: 'z'.repeat(40) }).piiKeys.PII_KEY).toBe('z'.repeat(40));
  });
});

describe.each(testDatabases())('migration 0008 on %s', (kind) => {
  const CLEAR_SSN = '745-62-8193';
  const CLEAR_ITIN = '967-81-2450';
  const CLEAR_INTAKE = '694-27-3815';

  it('seals SSN/ITIN stored in clear before it, leaving no digits in the files', async () => {
    // The test server's storage, brought to 0007 only, then filled the way older versions stored rows.
    const server = await startTestServer(kind);
    try {
      const { db } = server;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations() } });
      await migrator.migrateTo('0007_activity');
      const firm = await server.createFirm();
      const now = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          id: 'clear-user',
          firm_id: firm.id,
          first_name: 'Clear',
          middle_name: null,
          last_name: 'Sample',
          email: 'clear@example.test',
          password_hash: 'x',
          privilege: 'representative',
          phone_number: null,
          usage: null,
          civil_status: null,
          gender: null,
          birth_date: null,
          ssn: CLEAR_SSN,
          ssn_status: 'hasSsn',
          itin: CLEAR_ITIN,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const blank = emptyIntake();
      const sections = toApiIntake({ ...blank, personalInformation: { ...blank.personalInformation, firstName: 'Old', lastName: 'Row' } });
      // The row as migration 0007 left the table: no sealed column (0008), no incident date (0018).
      const {
        ssn_itin_sealed: _sealed,
        incident_date: _incidentDate,
        ...row
      } = newIntakeRow({
        firmId: firm.id,
        status: 'draft',
        representativeId: null,
        representativeName: null,
        sections,
      });
      const clearSections = JSON.parse(row.sections);
      clearSections.personalInformation.ssnItin = CLEAR_INTAKE;
      await db
        .insertInto('intakes')
        .values({ ...row, sections: JSON.stringify(clearSections) } as never)
        .execute();

      const keyId = 'mig';
      const pii = createPiiCipher({ current: keyId, keys: { [keyId]: 'm'.repeat(40) } });
      await expect(migrateToLatest(db)).rejects.toThrow(/PII key/);
      await migrateToLatest(db, { pii });

      const user = await db.selectFrom('users').select(['ssn', 'itin']).where('id', '=', 'clear-user').executeTakeFirstOrThrow();
      expect(pii.open(user.ssn!, 'users.ssn')).toBe(CLEAR_SSN);
      expect(pii.open(user.itin!, 'users.itin')).toBe(CLEAR_ITIN);
      const intake = await db
        .selectFrom('intakes')
        .select(['sections', 'ssn_itin_sealed'])
        .where('case_id', '=', row.case_id)
        .executeTakeFirstOrThrow();
      expect(pii.open(intake.ssn_itin_sealed!, 'intakes.ssnItin')).toBe(CLEAR_INTAKE);
      expect(intake.sections).not.toContain(CLEAR_INTAKE);

      if (kind === 'sqlite') {
        const dir = server.databaseName;
        const names = (await readdir(dir)).filter((name) => name.startsWith(SQLITE_FILE_NAME));
        const bytes = (await Promise.all(names.map((name) => readFile(path.join(dir, name)))))
          .map((file) => file.toString('latin1'))
          .join('');
        for (const number of [CLEAR_SSN, CLEAR_ITIN, CLEAR_INTAKE]) expect(bytes).not.toContain(number);
      }
    } finally {
      await server.close();
    }
  });
});
