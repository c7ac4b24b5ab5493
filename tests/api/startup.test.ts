// What `npm start` does before serving (docs/architecture.md, `npm start`): configuration checks, the signing
// secret kept in DATA_DIR, up and down migrations, and the demo firm with its owner on first start.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/constants';
import { isStrongPassword } from '../../src/domain/schemas/user';
import { resolveJwtSecret } from '../../server/auth/tokens';
import { ConfigError, loadConfig } from '../../server/config';
import { migrateToEmpty, migrateToLatest } from '../../server/db/migrate';
import { DEMO_OWNER_EMAIL, generatePassword, seedDemoData } from '../../server/db/seed';
import { findFirmById, insertFirm } from '../../server/firms/repository';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

const ourTables = ['firms', 'login_failures', 'users'];

describe.each(testDatabases())('database on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(() => server?.close());

  async function tableNames(): Promise<string[]> {
    const tables = await server.db.introspection.getTables();
    return tables
      .map((table) => table.name)
      .filter((name) => ourTables.includes(name))
      .sort();
  }

  it('migrates down to nothing and up again', async () => {
    expect(await tableNames()).toEqual(ourTables);
    await migrateToEmpty(server.db);
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(server.db);
    expect(await tableNames()).toEqual(ourTables);
  });

  it('reads booleans back as booleans', async () => {
    const integrated = await insertFirm(server.db, {
      firmName: 'Gamma Sample Firm',
      firmContact: 'Gamma Contact',
      firmMail: 'gamma@example.test',
      firmAddress: '3 Sample Lane',
      isNeosIntegrated: true,
    });
    expect((await findFirmById(server.db, integrated.id))?.is_neos_integrated).toBe(true);
    const plain = await server.createFirm();
    expect(plain.is_neos_integrated).toBe(false);
    expect((await findFirmById(server.db, plain.id))?.is_neos_integrated).toBe(false);
  });
});

describe.each(testDatabases())('first-start seed on %s', (kind) => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('creates the demo firm and an owner whose one-time password signs in, once only', async () => {
    server = await startTestServer(kind);
    // Two instances starting together on one database still create one firm.
    const [first, second] = await Promise.all([seedDemoData(server.db), seedDemoData(server.db)]);
    const seed = first ?? second;
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(seed?.ownerEmail).toBe(DEMO_OWNER_EMAIL);

    const password = seed?.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    expect(isStrongPassword(password)).toBe(true);

    const firms = await server.db.selectFrom('firms').selectAll().execute();
    expect(firms).toHaveLength(1);
    expect(firms[0]).toMatchObject({ firm_name: 'Demo Law Firm', firm_mail: 'contact@demo.test' });

    const token = await server.login(DEMO_OWNER_EMAIL, password);
    const { data } = await server.api.GET('/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(data?.data).toMatchObject({ email: DEMO_OWNER_EMAIL, privilege: 'owner', firstName: 'Demo', lastName: 'Owner' });

    // A later start finds the firm: nothing is created and no password is shown again.
    expect(await seedDemoData(server.db)).toBeUndefined();
    expect(await server.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('uses OWNER_EMAIL and OWNER_PASSWORD when given, and shows no password', async () => {
    server = await startTestServer(kind);
    const seed = await seedDemoData(server.db, { ownerEmail: 'Boss@Example.test', ownerPassword: 'Chosen#Pass9' });
    expect(seed).toMatchObject({ ownerEmail: 'boss@example.test' });
    expect(seed?.generatedPassword).toBeUndefined();
    expect(await server.login('boss@example.test', 'Chosen#Pass9')).toEqual(expect.any(String));
  });
});

describe('generated passwords', () => {
  it('always have a letter, a digit and one of !@#$%^&*', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    for (const password of passwords) {
      expect(password).toHaveLength(16);
      expect(isStrongPassword(password)).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: path.resolve('./data'), trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/intake-data',
      DATABASE_URL: 'postgres://app@db.example.test:5432/intake',
      JWT_SECRET: 'a'.repeat(40),
      OWNER_EMAIL: 'boss@example.test',
      OWNER_PASSWORD: 'Chosen#Pass9',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/tmp/intake-data',
      databaseUrl: 'postgres://app@db.example.test:5432/intake',
      ownerEmail: 'boss@example.test',
      ownerPassword: 'Chosen#Pass9',
    });
  });

  it('names every wrong variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', OWNER_EMAIL: 'boss', OWNER_PASSWORD: 'password' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'OWNER_EMAIL', 'OWNER_PASSWORD']) expect(message).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(5);
  });
});

describe('signing secret', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'intake-secret-'));
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is made once, kept readable by its owner only, and read back on later starts', async () => {
    const first = resolveJwtSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = await stat(path.join(dataDir, 'jwt-secret'));
    expect(file.mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dataDir)).toBe(first);
  });

  it('is JWT_SECRET when that is set', () => {
    expect(resolveJwtSecret('b'.repeat(40), dataDir)).toBe('b'.repeat(40));
  });
});
