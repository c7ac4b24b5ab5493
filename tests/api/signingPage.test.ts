// The signing page's address (docs/product/engagement.md#screens): /sign/{token} gets its own page,
// sign.html, which no cache keeps, and no log line holds the token however the address is spelled.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

describe.each(testDatabases())('the signing page on %s', (kind) => {
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    const staticDir = await mkdtemp(path.join(tmpdir(), 'signing-dist-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Staff</title>');
    await writeFile(path.join(staticDir, 'client-intake.html'), '<!doctype html><title>Client</title>');
    await writeFile(path.join(staticDir, 'sign.html'), '<!doctype html><title>Sign</title>');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer(kind, { staticDir, logLevel: 'debug', logStream });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('serves sign.html at /sign/{token} with Cache-Control: no-store, and the staff app elsewhere', async () => {
    const token = randomBytes(32).toString('base64url');
    const page = await fetch(`${server.baseUrl}/sign/${token}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Sign</title>');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Only the page itself: a deeper address, or one that merely starts with 'sign', is the staff app's.
    for (const other of [`/sign/${token}/more`, `/signature/${token}`]) {
      const staff = await fetch(`${server.baseUrl}${other}`, { headers: { Accept: 'text/html' } });
      expect(await staff.text()).toContain('<title>Staff</title>');
      expect(staff.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('writes no token in a log line, however the page address is spelled', async () => {
    const token = randomBytes(32).toString('base64url');
    for (const spelling of [`/sign/${token}`, `//sign/${token}`, `/SIGN/${token}`, `/sign%2F${token}`, `/sign/${token}/x`]) {
      await fetch(`${server.baseUrl}${spelling}`, { headers: { Accept: 'text/html' } });
      await fetch(`${server.baseUrl}${spelling}`);
    }
    const log = logLines.join('');
    expect(log).toContain('/sign/[token]');
    for (let start = 0; start + 12 <= token.length; start += 4) expect(log).not.toContain(token.slice(start, start + 12));
  });
});
