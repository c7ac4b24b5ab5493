// The server's start and stop as an operator meets them (README, Operations): a damaged,
// read-only or emptied SQLite file stops the start with a message naming the file; SIGTERM to
// `npm start` stops node too; a client that sends half a request cannot keep the process alive.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
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
