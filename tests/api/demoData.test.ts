// The demo's sample data (docs/product/dashboard.md#demo-data): added on the first start of an empty
// database in demo mode (no OWNER_EMAIL) or with DEMO_DATA=on, never with DEMO_DATA=off or for a
// real firm's owner, never twice, never printed, and its SSNs sealed like every saved one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { privileges } from '../../src/domain/enums';
import { ConfigError, loadConfig } from '../../server/config';
import { isSealed } from '../../server/crypto/piiCipher';
import { SQLITE_FILE_NAME } from '../../server/db/dataDir';
import { DEMO_INTAKES, DEMO_LEADS } from '../../server/db/demoData';
import { seedDemoData } from '../../server/db/seed';
import { freePort, spawnServer, untilServing, type ServerProcess } from './support/serverProcess';
import { bearer, startTestServer, testDatabases, type TestServer } from './support/testServer';

describe('DEMO_DATA', () => {
  it.each([
    [{}, true],
    [{ OWNER_EMAIL: 'boss@example.test' }, false],
    [{ DEMO_DATA: 'off' }, false],
    [{ OWNER_EMAIL: 'boss@example.test', DEMO_DATA: 'on' }, true],
  ])('%j adds sample data: %s', (env, expected) => {
    expect(loadConfig(env).demoData).toBe(expected);
  });

  it('is on or off, nothing else', () => {
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(ConfigError);
  });
});

describe.each(testDatabases())('sample data on %s', (kind) => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function contents(db: TestServer['db']) {
    const [users, leads, intakes] = await Promise.all([
      db.selectFrom('users').select(['first_name', 'last_name', 'privilege', 'ssn']).orderBy('email').execute(),
      db.selectFrom('leads').select(['first_name', 'last_name', 'intake_id']).orderBy('phone').execute(),
      db
        .selectFrom('intakes')
        .select(['client_name', 'status', 'incident_date', 'ssn_itin_sealed', 'sections'])
        .orderBy('client_phone')
        .execute(),
    ]);
    return { users, leads, intakes };
  }

  it('fills the new firm with employees of each privilege, leads and intakes, the SSNs sealed', async () => {
    server = await startTestServer(kind);
    const seed = await seedDemoData(server.db, { demoData: { pii: server.pii } });
    expect(seed?.demoData).toBe(true);
    const { users, leads, intakes } = await contents(server.db);
    for (const privilege of privileges) expect(users.filter((user) => user.privilege === privilege).length).toBeGreaterThanOrEqual(2);
    expect(leads).toHaveLength(DEMO_LEADS);
    expect(intakes).toHaveLength(DEMO_INTAKES);
    expect(new Set(intakes.map((intake) => intake.status))).toEqual(new Set(['draft', 'final']));
    expect(intakes.some((intake) => intake.client_name.normalize('NFD') !== intake.client_name)).toBe(true);
    const years = intakes.flatMap((intake) => (intake.incident_date ? [Number(intake.incident_date.slice(0, 4))] : []));
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThanOrEqual(2);
    for (const intake of intakes) {
      expect(isSealed(intake.ssn_itin_sealed ?? '')).toBe(true);
      expect(server.pii.open(intake.ssn_itin_sealed ?? '', 'intakes.ssnItin')).toMatch(/^666-\d{2}-\d{4}$/);
      expect(intake.sections).not.toContain('666-');
    }
    for (const user of users.filter((user) => user.ssn !== null)) expect(isSealed(user.ssn ?? '')).toBe(true);

    // The owner sees it all on the dashboard: near deadlines, stale drafts, intakes without a date.
    const owner = seed!;
    const token = await server.login(owner.ownerEmail, owner.generatedPassword ?? '');
    const { data } = await server.api.GET('/v1/dashboard', { headers: bearer(token) });
    const counts = data?.data.counts;
    expect((counts?.draftIntakes ?? 0) + (counts?.finalIntakes ?? 0)).toBe(DEMO_INTAKES);
    expect(data?.data.deadlines.length).toBeGreaterThanOrEqual(5);
    expect(data?.data.deadlines.some((row) => row.daysLeft <= 30)).toBe(true);
    expect(data?.data.staleDrafts.length).toBeGreaterThan(0);
    expect(data?.data.missingIncidentDate.length).toBeGreaterThan(0);
    expect(data?.data.counts.leadsThisWeek).toBeGreaterThan(0);
    expect(data?.data.representatives.length).toBeGreaterThanOrEqual(4);
  });

  it('is the same people and stories every time', async () => {
    server = await startTestServer(kind);
    await seedDemoData(server.db, { demoData: { pii: server.pii } });
    const first = await contents(server.db);
    await server.close();
    server = await startTestServer(kind);
    await seedDemoData(server.db, { demoData: { pii: server.pii } });
    const second = await contents(server.db);
    const stable = ({ users, leads, intakes }: typeof first) => ({
      users: users.map(({ ssn: _, ...user }) => user),
      leads: leads.map(({ intake_id: _, ...lead }) => lead),
      intakes: intakes.map(({ ssn_itin_sealed: _, ...intake }) => intake),
    });
    expect(stable(second)).toEqual(stable(first));
  });

  it('adds nothing without the option, and nothing to a database that has a firm', async () => {
    server = await startTestServer(kind);
    await seedDemoData(server.db, { ownerEmail: 'boss@example.test', ownerPassword: 'Chosen#Pass9' });
    expect(await seedDemoData(server.db, { demoData: { pii: server.pii } })).toBeUndefined();
    const { users, leads, intakes } = await contents(server.db);
    expect([users.length, leads.length, intakes.length]).toEqual([1, 0, 0]);
  });
});

describe('npm start', { timeout: 120_000 }, () => {
  const started: ServerProcess[] = [];
  const directories: string[] = [];

  afterAll(async () => {
    for (const server of started) server.child.kill('SIGKILL');
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'intake-demo-'));
    directories.push(dataDir);
    const server = spawnServer({ dataDir, port: await freePort(), env: { ...env, LOG_LEVEL: 'info' } });
    started.push(server);
    await untilServing(server);
    return { server, dataDir };
  }

  async function dashboardOf(server: ServerProcess, email: string, password: string) {
    const login = await fetch(`${server.baseUrl}/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const answer = await fetch(`${server.baseUrl}/v1/dashboard`, { headers: bearer(data.token) });
    return ((await answer.json()) as { data: { counts: { draftIntakes: number; finalIntakes: number } } }).data.counts;
  }

  it('in demo mode adds the sample data and prints none of it', async () => {
    const { server, dataDir } = await start({ DEMO_DATA: '' });
    const password = /Password: +(\S+)/.exec(server.output())?.[1] ?? '';
    const counts = await dashboardOf(server, 'owner@demo.test', password);
    expect(counts.draftIntakes + counts.finalIntakes).toBe(DEMO_INTAKES);
    const output = server.output();
    expect(output).toContain('Added fictional sample data');
    for (const word of ['Quillfeather', 'Reppington', 'reppington@demo.test', '666-', 'Example Street']) expect(output).not.toContain(word);
    // The SSNs are in the file only sealed.
    expect((await readFile(path.join(dataDir, SQLITE_FILE_NAME))).includes('666-10-')).toBe(false);
  });

  it("for a real firm's owner adds nothing", async () => {
    const { server } = await start({ DEMO_DATA: '', OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'Chosen#Pass9' });
    expect(await dashboardOf(server, 'boss@example.test', 'Chosen#Pass9')).toMatchObject({ draftIntakes: 0, finalIntakes: 0 });
    expect(server.output()).not.toContain('sample data');
  });
});
