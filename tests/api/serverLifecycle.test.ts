// The server's start and stop as an operator meets them (README, Operations): a damaged,
// read-only or emptied SQLite file stops the start with a message naming the file; SIGTERM to
// `npm start` stops node too; a client that sends half a request cannot keep the process alive.
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { SQLITE_FILE_NAME } from '../../server/db/dataDir';
import { migrateToLatest } from '../../server/db/migrate';
import { CLEAN_STOP_FILE, markCleanStop, SERVER_PID_FILE, type StartCheck } from '../../server/db/sqliteChecks';
import { freePort, spawnServer, untilPortClosed, untilServing, type ServerProcess } from './support/serverProcess';

const directories: string[] = [];
const processes: ServerProcess[] = [];

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'intake-lifecycle-'));
  directories.push(directory);
  return directory;
}

afterEach(async () => {
  for (const server of processes.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  for (const directory of directories.splice(0)) {
    // An immutable file (the read-only case) must become mutable again before it can be removed.
    try {
      execFileSync('chattr', ['-R', '-i', directory], { stdio: 'ignore' });
    } catch {
      // chattr missing or not needed.
    }
    await rm(directory, { recursive: true, force: true });
  }
});

/** A migrated database with some rows, closed again. */
async function populatedDatabase(directory: string): Promise<string> {
  const db = openDatabase({ dataDir: directory });
  await migrateToLatest(db);
  for (let index = 0; index < 300; index += 1) {
    await db
      .insertInto('firms')
      .values({
        id: `firm-${index}`,
        firm_name: `Sample Firm ${index} ${'x'.repeat(60)}`,
        firm_contact: 'Sample Contact',
        firm_mail: `firm${index}@example.test`,
        firm_address: '1 Sample Road',
        is_neos_integrated: false,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
  }
  await db.destroy();
  return path.join(directory, SQLITE_FILE_NAME);
}

function chattrWorks(): boolean {
  try {
    execFileSync('chattr', ['--help'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== undefined;
  }
}

describe('SQLite start checks', { timeout: 120_000 }, () => {
  it('refuses a damaged file, naming it, instead of answering 500 later', async () => {
    const file = await populatedDatabase(await dataDir());
    // Scribble over the root page of the firms table, where it is found at once.
    const reader = new SqliteDatabase(file, { readonly: true });
    const { rootpage } = reader.prepare("select rootpage from sqlite_master where name = 'firms'").get() as { rootpage: number };
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    reader.close();
    const descriptor = openSync(file, 'r+');
    writeSync(descriptor, Buffer.alloc(pageSize, 0x41), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(descriptor);
    expect(() => openDatabase({ dataDir: path.dirname(file) })).toThrow(file);
    expect(() => openDatabase({ dataDir: path.dirname(file) })).toThrow(/integrity check failed|cannot be read/);
  });

  it.skipIf(!chattrWorks())('refuses a file it cannot write, naming it', async () => {
    const file = await populatedDatabase(await dataDir());
    execFileSync('chattr', ['+i', file]);
    expect(() => openDatabase({ dataDir: path.dirname(file) })).toThrow(`${file}: the database is not writable`);
  });

  it('refuses a zero-length file in a DATA_DIR that holds anything else, and says why', async () => {
    const directory = await dataDir();
    writeFileSync(path.join(directory, 'jwt-secret'), 'x'.repeat(48));
    writeFileSync(path.join(directory, SQLITE_FILE_NAME), '');
    expect(() => openDatabase({ dataDir: directory })).toThrow(/is empty \(0 bytes\).*jwt-secret/);
  });

  it('accepts a zero-length file in an otherwise new DATA_DIR', async () => {
    const directory = await dataDir();
    writeFileSync(path.join(directory, SQLITE_FILE_NAME), '');
    const db = openDatabase({ dataDir: directory });
    await migrateToLatest(db);
    await db.destroy();
  });

  it('npm start exits with the message instead of creating a new demo firm', async () => {
    const directory = await dataDir();
    writeFileSync(path.join(directory, 'jwt-secret'), 'x'.repeat(48));
    writeFileSync(path.join(directory, SQLITE_FILE_NAME), '');
    const server = spawnServer({ dataDir: directory, port: await freePort() });
    processes.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(path.join(directory, SQLITE_FILE_NAME));
    expect(server.output()).not.toContain('First start:');
  });
});

/** A database whose latest writes are only in its WAL, as a crash leaves it; the WAL is returned by name. */
async function databaseWithWal(directory: string): Promise<{ file: string; wal: string }> {
  const file = await populatedDatabase(directory);
  const writer = new SqliteDatabase(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  const insert = writer.prepare(
    "insert into firms (id, firm_name, firm_contact, firm_mail, firm_address, is_neos_integrated, created_at, updated_at) values (?, 'Latest Firm', 'Latest Contact', 'latest@example.test', '2 Sample Road', 0, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')",
  );
  for (let index = 0; index < 50; index += 1) insert.run(`latest-${index}`);
  // The WAL as the crash left it: closing would fold it into the file and remove it.
  const wal = `${file}-wal`;
  const kept = path.join(directory, 'kept-wal');
  copyFileSync(wal, kept);
  writer.close();
  copyFileSync(kept, wal);
  rmSync(kept);
  return { file, wal };
}

describe('SQLite start checks, what is beside the file', { timeout: 120_000 }, () => {
  it('refuses a zero-length file with its WAL beside it, naming both, even with nothing else in DATA_DIR', async () => {
    const directory = await dataDir();
    const { file, wal } = await databaseWithWal(directory);
    truncateSync(file, 0);
    expect(readFileSync(wal).length).toBeGreaterThan(0);
    let message = '';
    try {
      openDatabase({ dataDir: directory });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`${file}: the database file is empty (0 bytes)`);
    expect(message).toContain(`${wal} (`);
    // Nothing was made in its place, and the WAL is still there.
    expect(readFileSync(file).length).toBe(0);
    expect(readFileSync(wal).length).toBeGreaterThan(0);
  });

  it('refuses a zero-length file beside a pid file, and a missing file beside a WAL', async () => {
    const withPid = await dataDir();
    writeFileSync(path.join(withPid, SERVER_PID_FILE), '12345\n');
    writeFileSync(path.join(withPid, SQLITE_FILE_NAME), '');
    expect(() => openDatabase({ dataDir: withPid })).toThrow(path.join(withPid, SERVER_PID_FILE));

    const missing = await dataDir();
    const { file, wal } = await databaseWithWal(missing);
    rmSync(file);
    expect(() => openDatabase({ dataDir: missing })).toThrow(`${file}: the database file is missing while ${wal}`);
  });

  it('npm start with the keys in the environment refuses an emptied file beside its WAL instead of starting a new firm', async () => {
    const directory = await dataDir();
    const { file, wal } = await databaseWithWal(directory);
    truncateSync(file, 0);
    const server = spawnServer({
      dataDir: directory,
      port: await freePort(),
      env: { PII_KEYS: `k1:${'s'.repeat(40)}`, JWT_SECRET: 'j'.repeat(40), CREDENTIALS_KEY: 'c'.repeat(40) },
    });
    processes.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(file);
    expect(server.output()).toContain(wal);
    expect(server.output()).not.toContain('Created the demo firm');
  });

  it('DATA_DIR that is a file: says so', async () => {
    const file = path.join(await dataDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(`DATA_DIR (${file}) is a file, not a directory`);
    expect(() => openDatabase({ dataDir: file })).toThrow(`${file}: DATA_DIR is a file, not a directory`);
  });

  it('after a clean stop the start skips the full quick_check; after anything else it runs it', async () => {
    const directory = await dataDir();
    const file = await populatedDatabase(directory);
    const marker = path.join(directory, CLEAN_STOP_FILE);
    const checks: StartCheck[] = [];
    const startOnce = async (startCheck?: 'full') => {
      const db = openDatabase({ dataDir: directory, startCheck, onStartCheck: (check) => checks.push(check) });
      // Kysely closes only a connection it has used: one query, so that the file is closed as at a stop.
      await db.selectFrom('firms').select('id').limit(1).execute();
      await db.destroy();
    };

    // No marker (a crash, a kill -9, a first start of this version): the full check.
    await startOnce();
    // A marker that matches the file: the header and schema only.
    markCleanStop(file);
    await startOnce();
    // The start took the marker: a crash of that run makes the next start check in full.
    expect(existsSync(marker)).toBe(false);
    await startOnce();
    // On demand (SQLITE_FULL_CHECK=on) the full check runs after a clean stop too.
    markCleanStop(file);
    await startOnce('full');
    // A file changed after the clean stop (copied over, restored by hand) is checked in full.
    markCleanStop(file);
    writeFileSync(marker, readFileSync(marker, 'utf8').replace(/"size":\d+/, '"size":1'));
    await startOnce();
    expect(checks).toEqual(['full', 'quick', 'full', 'full', 'full']);
  });

  it('the server marks a clean stop (SIGTERM) and checks in full only after an unclean one (SIGKILL)', async () => {
    const directory = await dataDir();
    const port = await freePort();
    const run = async () => {
      const server = spawnServer({ dataDir: directory, port });
      processes.push(server);
      await untilServing(server);
      return server;
    };
    const fullCheck = 'Checked intake.sqlite in full';
    const first = await run();
    expect(first.output()).toContain(fullCheck);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(directory, CLEAN_STOP_FILE))).toBe(true);

    const afterClean = await run();
    expect(afterClean.output()).toContain('The last stop was clean');
    expect(afterClean.output()).not.toContain(fullCheck);
    afterClean.child.kill('SIGKILL');
    await afterClean.exited;

    const afterCrash = await run();
    expect(afterCrash.output()).toContain(fullCheck);
    afterCrash.child.kill('SIGTERM');
    expect(await afterCrash.exited).toBe(0);
  });
});

describe('stopping', { timeout: 120_000 }, () => {
  it('SIGTERM to `npm start` (as a container runtime sends it) stops node as well', async () => {
    const server = spawnServer({ dataDir: await dataDir(), port: await freePort(), via: 'npm' });
    processes.push(server);
    await untilServing(server);
    server.child.kill('SIGTERM');
    await server.exited;
    // Before: npm ended and node, orphaned, went on serving on the port.
    await untilPortClosed(server.port);
  });

  it('SIGTERM answers all 16 requests sent just before it (keep-alive and not), closes idle sockets, exits 0', async () => {
    const email = 'owner@stopping.test';
    const password = 'Stopping#Pass1';
    const server = spawnServer({ dataDir: await dataDir(), port: await freePort(), env: { OWNER_EMAIL: email, OWNER_PASSWORD: password } });
    processes.push(server);
    await untilServing(server);
    const login = await fetch(`${server.baseUrl}/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const request = (keepAlive: boolean) =>
      `GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n`;

    const open = async () => {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise((resolve) => socket.once('connect', resolve));
      return { socket, text: () => text, closed };
    };
    const send = (socket: net.Socket, text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve()));

    // Eight keep-alive sockets that already had an answer, each idle until it sends its second request.
    const kept = await Promise.all(Array.from({ length: 8 }, open));
    for (const connection of kept) {
      await send(connection.socket, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      while (!connection.text().includes('{"status":"ok"}')) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // One keep-alive socket that stays idle: the server closes it.
    const idle = await open();
    await send(idle.socket, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    while (!idle.text().includes('{"status":"ok"}')) await new Promise((resolve) => setTimeout(resolve, 10));

    // Eight new connections and the eight kept ones send their requests, then the signal follows.
    const fresh = await Promise.all(Array.from({ length: 8 }, open));
    await Promise.all([
      ...kept.map((connection) => send(connection.socket, request(true))),
      ...fresh.map((connection) => send(connection.socket, request(false))),
    ]);
    server.child.kill('SIGTERM');

    await Promise.all([...kept, ...fresh, idle].map((connection) => connection.closed));
    const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const answers = [
      ...kept.map((connection) => statuses(connection.text()).slice(1)),
      ...fresh.map((connection) => statuses(connection.text())),
    ].flat();
    expect(answers).toEqual(Array.from({ length: 16 }, () => 200));
    for (const connection of [...kept, ...fresh]) expect(connection.text()).toContain(`"email":"${email}"`);
    expect(statuses(idle.text())).toEqual([200]);
    expect(await server.exited).toBe(0);
  });

  it('a client that sent half a body cannot keep the process alive after SIGTERM', async () => {
    const server = spawnServer({
      dataDir: await dataDir(),
      port: await freePort(),
      env: { REQUEST_TIMEOUT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '3000' },
    });
    processes.push(server);
    await untilServing(server);
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Read whatever comes, so the end of the connection is seen.
    socket.resume();
    server.child.kill('SIGTERM');
    expect(await server.exited).not.toBeNull();
    await closed;
  });

  it('a half-sent request is closed by the request timeout even without a shutdown', async () => {
    const server = spawnServer({ dataDir: await dataDir(), port: await freePort(), env: { REQUEST_TIMEOUT_MS: '500' } });
    processes.push(server);
    await untilServing(server);
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});
