// The activity trail's storage (docs/product/activity.md): rows are appended by recordActivity, and
// the retention job deletes only rows older than ACTIVITY_RETENTION_DAYS, at start and on demand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../../server/activity/recordActivity';
import { deleteExpiredActivity } from '../../server/activity/retention';
import { ConfigError, loadConfig } from '../../server/config';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('activity retention on %s', (kind) => {
  let server: TestServer;
  let firmId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { activityRetentionDays: 30 });
    firmId = (await server.createFirm()).id;
  });
  afterAll(() => server.close());

  async function rowsOf(subject: string) {
    return server.db.selectFrom('activity').selectAll().where('subject', '=', subject).orderBy('id').execute();
  }

  it('records a row with its fields and no more', async () => {
    await recordActivity(server.db, {
      firmId,
      userId: 'user-a',
      action: 'profile.changed',
      subject: 'subject-record',
      fields: ['userInformation.phoneNumber', 'lastName'],
      clientAddress: '127.0.0.1',
    });
    const [row] = await rowsOf('subject-record');
    expect(row).toMatchObject({
      firm_id: firmId,
      user_id: 'user-a',
      action: 'profile.changed',
      fields: JSON.stringify(['userInformation.phoneNumber', 'lastName']),
      client_address: '127.0.0.1',
      email_hash: null,
    });
    expect(Date.parse(row!.at)).toBeGreaterThan(Date.now() - DAY_MS);
  });

  it('deletes rows older than the retention period and keeps the newer ones', async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    const base = {
      firm_id: firmId,
      user_id: null,
      action: 'signOut',
      subject: 'subject-retention',
      fields: '[]',
      client_address: null,
      email_hash: null,
    };
    await server.db
      .insertInto('activity')
      .values([
        { ...base, id: 'old-1', at: at(31) },
        { ...base, id: 'old-2', at: at(400) },
        { ...base, id: 'young-1', at: at(29) },
        { ...base, id: 'young-2', at: at(0) },
      ])
      .execute();
    expect(await deleteExpiredActivity(server.db, 30, now)).toBe(2);
    expect((await rowsOf('subject-retention')).map((row) => row.id)).toEqual(['young-1', 'young-2']);
  });

  it('runs when the app starts', async () => {
    const old = new Date(Date.now() - 10 * DAY_MS).toISOString();
    await server.db
      .insertInto('activity')
      .values({
        id: 'at-start',
        at: old,
        firm_id: firmId,
        user_id: null,
        action: 'signOut',
        subject: 'subject-start',
        fields: '[]',
        client_address: null,
        email_hash: null,
      })
      .execute();
    // A second app on the same database, keeping a week: its start removes the ten-day-old row.
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({ db: server.db, jwtSecret: 'x'.repeat(40), staticDir: false, activityRetentionDays: 7 });
    await app.ready();
    await app.close();
    expect(await rowsOf('subject-start')).toEqual([]);
  });
});

describe('ACTIVITY_RETENTION_DAYS', () => {
  it('defaults to 2555 days and refuses what is not a whole number of days', () => {
    expect(loadConfig({}).activityRetentionDays).toBe(2555);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '90' }).activityRetentionDays).toBe(90);
    for (const bad of ['0', '-3', '1.5', 'week']) {
      expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: bad })).toThrow(ConfigError);
    }
  });
});
