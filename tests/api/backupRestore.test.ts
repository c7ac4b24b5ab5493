// Backups (README, Backups): `npm run backup -- FILE` copies the SQLite database while the app
// runs and takes writes; `npm run restore -- FILE` puts it back once the app is stopped, and every
// write acknowledged before the backup began is there. Restore refuses while the server runs.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { toApiIntake } from '../../src/domain/intake';
import { recordFigure } from './support/figures';
import { draftIntake } from './support/intakes';
import { freePort, projectRoot, spawnServer, untilServing, type ServerProcess } from './support/serverProcess';

const run = promisify(execFile);
const OWNER_EMAIL = 'owner@backup.test';
const OWNER_PASSWORD = 'Backup#Pass1';

const directories: string[] = [];
const processes: ServerProcess[] = [];
afterEach(async () => {
  for (const server of processes.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string> = {}): Promise<{ server: ServerProcess; token: string; userId: string }> {
  const server = spawnServer({ dataDir, port: await freePort(), env: { OWNER_EMAIL, OWNER_PASSWORD, ...env } });
  processes.push(server);
  await untilServing(server);
  const login = await fetch(`${server.baseUrl}/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const me = await fetch(`${server.baseUrl}/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  return { server, token, userId };
}

function npm(script: 'backup' | 'restore', file: string, dataDir: string, env: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', script, '--', file], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir, ...env } });
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('backup and restore (SQLite)', { timeout: 180_000 }, () => {
  it('a backup taken under write load, restored, holds every write acknowledged before it began', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'intake-backup-'));
    const backupDir = await mkdtemp(path.join(tmpdir(), 'intake-backup-files-'));
    directories.push(dataDir, backupDir);
    const { server, token, userId } = await start(dataDir);

    const acknowledged: { caseId: string; at: number }[] = [];
    let writing = true;
    const writer = async (lane: number) => {
      for (let index = 0; writing; index += 1) {
        const response = await fetch(`${server.baseUrl}/v1/intake`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({ userId, generalCaseInformation: toApiIntake(draftIntake({ lastName: `Lane${lane}No${index}` })) }),
        });
        const body = (await response.json()) as { data?: { caseId: string } };
        if (response.status === 201 && body.data) acknowledged.push({ caseId: body.data.caseId, at: performance.now() });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);

    // Let writes be acknowledged, then back up while they go on.
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupFile = path.join(backupDir, 'intake-backup.sqlite');
    const backupStarted = performance.now();
    const { stdout } = await npm('backup', backupFile, dataDir);
    expect(stdout).toContain('integrity checked');
    const writtenMeanwhile = acknowledged.filter((write) => write.at > backupStarted).length;
    writing = false;
    await Promise.all(writers);
    const before = acknowledged.filter((write) => write.at < backupStarted);

    // Restore refuses while the server runs.
    await expect(npm('restore', backupFile, dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('stop it before restoring'),
    });

    server.child.kill('SIGTERM');
    await server.exited;
    const { stdout: restored } = await npm('restore', backupFile, dataDir);
    expect(restored).toContain('is kept as');

    const again = await start(dataDir);
    const missing: string[] = [];
    for (const write of before) {
      const response = await fetch(`${again.server.baseUrl}/v1/intake/${write.caseId}`, {
        headers: { Authorization: `Bearer ${again.token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) missing.push(write.caseId);
    }
    recordFigure('backup under load: acknowledged writes checked', before.length);
    recordFigure('backup under load: lost writes', missing.length);
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(missing).toEqual([]);
    // The load really ran across the backup.
    expect(writtenMeanwhile + acknowledged.length).toBeGreaterThan(before.length);
  });

  it('backup refuses an existing file and restore a file that is not a database of this app', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'intake-backup-'));
    directories.push(dataDir);
    const { server } = await start(dataDir);
    const existing = path.join(dataDir, 'jwt-secret');
    await expect(npm('backup', existing, dataDir)).rejects.toMatchObject({ stderr: expect.stringContaining('already exists') });
    server.child.kill('SIGTERM');
    await server.exited;
    await expect(npm('restore', existing, dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('not a readable SQLite database'),
    });
    expect(existsSync(path.join(dataDir, 'intake.sqlite'))).toBe(true);
  });

  it(
    'a backup is 0600 alone in its folder and names its keys; restore without them refuses by key id, and so does the start',
    { timeout: 300_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'intake-backup-'));
      const backupDir = await mkdtemp(path.join(tmpdir(), 'intake-backup-files-'));
      const freshDir = await mkdtemp(path.join(tmpdir(), 'intake-restored-'));
      directories.push(dataDir, backupDir, freshDir);
      // The default: a key generated into DATA_DIR/pii-keys, which a copy of the database alone lacks.
      const { server, token, userId } = await start(dataDir);
      const intake = toApiIntake(draftIntake({ lastName: 'Keyed' }));
      const created = await fetch(`${server.baseUrl}/v1/intake`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({
          userId,
          generalCaseInformation: {
            ...intake,
            personalInformation: { ...intake.personalInformation, status: 'hasSsn', ssnItin: '512-30-4321' },
          },
        }),
      });
      expect(created.status).toBe(201);
      const caseId = ((await created.json()) as { data: { caseId: string } }).data.caseId;
      const keyring = JSON.parse(readFileSync(path.join(dataDir, 'pii-keys'), 'utf8')) as { current: string; keys: Record<string, string> };
      const keyId = keyring.current;

      const backupFile = path.join(backupDir, 'intake-backup.sqlite');
      const { stdout } = await npm('backup', backupFile, dataDir);
      expect(stdout).toContain(`PII key(s) ${keyId}`);
      expect(modeOf(backupFile)).toBe(0o600);
      expect(await readdir(backupDir)).toEqual(['intake-backup.sqlite']);
      server.child.kill('SIGTERM');
      await server.exited;

      // A fresh DATA_DIR without the keys: restore refuses, naming the key and how to pass it, and changes nothing.
      const refused = await npm('restore', backupFile, freshDir).catch((error: { stderr: string }) => error);
      expect('stderr' in refused && refused.stderr).toContain(`PII key(s) ${keyId}`);
      expect('stderr' in refused && refused.stderr).toContain('PII_KEYS=<id>:<secret>');
      expect(await readdir(freshDir)).toEqual([]);

      // With the key: restored, 0600 at once, nothing left beside the backup.
      const piiKeys = `${keyId}:${keyring.keys[keyId]}`;
      await npm('restore', backupFile, freshDir, { PII_KEYS: piiKeys });
      expect(modeOf(path.join(freshDir, 'intake.sqlite'))).toBe(0o600);
      expect(await readdir(backupDir)).toEqual(['intake-backup.sqlite']);

      // The restored data started without the key: refused with the same message, no new key made, no 500 later.
      const keyless = spawnServer({ dataDir: freshDir, port: await freePort(), env: { OWNER_EMAIL, OWNER_PASSWORD } });
      processes.push(keyless);
      expect(await keyless.exited).toBe(1);
      expect(keyless.output()).toContain(`PII key(s) ${keyId}`);
      expect(keyless.output()).toContain('PII_KEYS=<id>:<secret>');
      expect(existsSync(path.join(freshDir, 'pii-keys'))).toBe(false);

      const keyed = await start(freshDir, { PII_KEYS: piiKeys });
      const opened = await fetch(`${keyed.server.baseUrl}/v1/intake/${caseId}`, { headers: { Authorization: `Bearer ${keyed.token}` } });
      expect(opened.status).toBe(200);
      const body = (await opened.json()) as { data: { personalInformation: { ssnItin: string } } };
      expect(body.data.personalInformation.ssnItin).toBe('***-**-4321');
    },
  );
});
