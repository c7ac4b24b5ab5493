// kill -9 under write load (README, Operations). The server is killed while creates are in
// flight; after each restart every create that got no answer is sent again with its
// Idempotency-Key, as the client does. Every acknowledged write is there, nothing is stored
// twice, and SQLite's integrity check stays clean. `npm run soak` runs 100 cycles (KILL_CYCLES).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../server/db/dataDir';
import { toApiIntake } from '../../src/domain/intake';
import { recordFigure, size } from './support/figures';
import { draftIntake } from './support/intakes';
import { freePort, spawnServer, untilServing, type ServerProcess } from './support/serverProcess';

const cycles = size('KILL_CYCLES', 3);
const ACKS_BEFORE_KILL = 25;
const WRITERS = 4;
const OWNER_EMAIL = 'owner@kill.test';
const OWNER_PASSWORD = 'Killed#Pass1';

interface Write {
  key: string;
  lastName: string;
  caseId?: string;
}

let dataDir: string | undefined;
let running: ServerProcess | undefined;
afterAll(async () => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 under write load (SQLite)', () => {
  it(
    `${cycles} kill cycles: every acknowledged write kept, retries create nothing twice`,
    { timeout: 60_000 + cycles * 30_000 },
    async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'intake-kill-'));
      const port = await freePort();
      const writes: Write[] = [];
      let token = '';
      let userId = '';
      let retried = 0;

      async function create(baseUrl: string, write: Write): Promise<number> {
        const response = await fetch(`${baseUrl}/v1/intake`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': write.key },
          body: JSON.stringify({ userId, generalCaseInformation: toApiIntake(draftIntake({ lastName: write.lastName })) }),
        });
        const body = (await response.json()) as { data?: { caseId: string } };
        if (response.status === 201 && body.data) write.caseId = body.data.caseId;
        return response.status;
      }

      for (let cycle = 0; cycle < cycles; cycle += 1) {
        const server = spawnServer({ dataDir, port, env: { OWNER_EMAIL, OWNER_PASSWORD } });
        running = server;
        await untilServing(server);
        if (!token) {
          const login = await fetch(`${server.baseUrl}/v1/users/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }),
          });
          token = ((await login.json()) as { data: { token: string } }).data.token;
          const me = await fetch(`${server.baseUrl}/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
          userId = ((await me.json()) as { data: { id: string } }).data.id;
        }

        // The client's retry of every save whose answer never came, with the same key.
        for (const write of writes.filter((each) => !each.caseId)) {
          retried += 1;
          expect(await create(server.baseUrl, write)).toBe(201);
        }

        let acknowledged = 0;
        let killed = false;
        const writer = async (lane: number) => {
          for (let index = 0; !killed; index += 1) {
            const write: Write = { key: randomUUID(), lastName: `Cycle${cycle}Lane${lane}No${index}` };
            writes.push(write);
            try {
              if ((await create(server.baseUrl, write)) === 201) acknowledged += 1;
            } catch {
              // The connection died with the server: this write's answer is lost.
            }
            if (acknowledged >= ACKS_BEFORE_KILL && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          }
        };
        await Promise.all(Array.from({ length: WRITERS }, (_, lane) => writer(lane)));
        await server.exited;
      }

      // A last start to retry what the last kill left unanswered.
      const server = spawnServer({ dataDir, port, env: { OWNER_EMAIL, OWNER_PASSWORD } });
      running = server;
      await untilServing(server);
      for (const write of writes.filter((each) => !each.caseId)) {
        retried += 1;
        expect(await create(server.baseUrl, write)).toBe(201);
      }
      server.child.kill('SIGTERM');
      await server.exited;

      const database = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = database.prepare('select case_id, client_last_name from intakes').all() as {
          case_id: string;
          client_last_name: string;
        }[];
        const byName = new Map<string, number>();
        for (const row of stored) byName.set(row.client_last_name, (byName.get(row.client_last_name) ?? 0) + 1);
        const caseIds = new Set(stored.map((row) => row.case_id));
        const lost = writes.filter((write) => write.caseId && !caseIds.has(write.caseId));
        const duplicated = [...byName.values()].filter((count) => count > 1).length;
        recordFigure('kill -9: cycles', cycles);
        recordFigure('kill -9: acknowledged writes', writes.filter((write) => write.caseId).length);
        recordFigure('kill -9: unanswered writes retried', retried);
        recordFigure('kill -9: lost writes', lost.length);
        recordFigure('kill -9: duplicates', duplicated);
        expect(lost).toEqual([]);
        expect(duplicated).toBe(0);
        // Every write, answered or retried, is stored exactly once.
        expect(writes.every((write) => byName.get(write.lastName) === 1)).toBe(true);
      } finally {
        database.close();
      }
    },
  );
});
