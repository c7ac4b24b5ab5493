// What every answer shares (docs/architecture.md, API and server): security headers, JSON 404s for the API,
// the single-page app with its history fallback, the flood cap, a 500 that tells and logs nothing
// personal, and the startup checks that keep routes and contract in step.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { defaultOpenApiPath } from '../../server/http/openapi';
import { precompressDirectory } from '../../scripts/precompress';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

const notFoundBody = { message: 'Not found', code: 'not_found' };
const indexHtml = '<!doctype html><html><head><title>Intake test shell</title></head><body><div id="root"></div></body></html>';
const appHtml =
  '<!doctype html><html><head><title>Intake test shell</title><link rel="modulepreload" href="/assets/routes.js"></head><body><div id="root"></div></body></html>';
const clientIntakeHtml =
  '<!doctype html><html><head><title>Client intake test page</title></head><body><div id="root"></div></body></html>';
const assetName = 'index-Ab12Cd34.js';

const expectedCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

const largeAssetName = 'vendor-5f6e7d8c.js';
const largeAsset = Array.from({ length: 400 }, (_, index) => `export const sample${index} = "value ${index}";`).join('\n');

describe.each(testDatabases())('HTTP behaviour on %s', (kind) => {
  let server: TestServer;
  let staticDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'intake-dist-'));
    await writeFile(path.join(staticDir, 'index.html'), indexHtml);
    await writeFile(path.join(staticDir, 'app.html'), appHtml);
    await writeFile(path.join(staticDir, 'client-intake.html'), clientIntakeHtml);
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'assets', assetName), 'console.log("intake");');
    await writeFile(path.join(staticDir, 'assets', largeAssetName), largeAsset);
    await precompressDirectory(staticDir);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer(kind, {
      staticDir,
      logLevel: 'info',
      logStream,
      beforeListen: (app) => {
        app.post('/test-only/explode', { config: { access: 'public' } }, async () => {
          throw new Error('Simulated failure in a handler');
        });
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('sends the Content-Security-Policy and the other security headers on API answers and pages', async () => {
    for (const url of ['/v1/users/me', '/intake-list']) {
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { Accept: 'text/html' } });
      expect(response.headers.get('content-security-policy')).toBe(expectedCsp);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('serves the staff page with the routed code preloaded for a client route such as /intake-list, revalidated on every load', async () => {
    for (const route of ['/intake-list', '/intake-details/edit/abc-123', '/forgot-password']) {
      const response = await fetch(`${server.baseUrl}${route}`, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(appHtml);
    }
  });

  it('serves index.html, without the routed code, for the login screen', async () => {
    for (const route of ['/', '/login']) {
      const response = await fetch(`${server.baseUrl}${route}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it("serves the client's intake page, not the staff app, for a client link", async () => {
    const response = await fetch(`${server.baseUrl}/client-intake/SomeTokenText`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(clientIntakeHtml);
    expect(response.headers.get('content-security-policy')).toBe(expectedCsp);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await fetch(`${server.baseUrl}/assets/${assetName}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("intake");');
  });

  it('sends a large asset Brotli- or gzip-compressed from its build-time copy, or plain, as the browser accepts', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${server.baseUrl}/assets/${largeAssetName}`, { headers: { 'Accept-Encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch undoes the compression: the same file arrives whichever way it travelled.
      expect(await response.text()).toBe(largeAsset);
    }
  });

  it('answers an unknown API path with a JSON 404, even when a page is asked for', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-thing'],
      ['POST', '/v1/no-such-thing'],
      ['GET', '/cases/v2/nothing'],
      ['GET', '/neos/nothing'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${url}`, { method, headers: { Accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(notFoundBody);
    }
  });

  it('answers a missing file that is not a page request with a JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/assets/missing-0000.js`, { headers: { Accept: '*/*' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFoundBody);
  });

  it('answers 500 with a fixed body and logs neither the body, the headers nor the query', async () => {
    const response = await fetch(`${server.baseUrl}/test-only/explode?search=Jane%20Roe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer secret-token-value' },
      body: JSON.stringify({ ssn: '123-45-6789', password: 'Hunter#22x' }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error', code: 'internal' });

    const log = logLines.join('');
    expect(log).toContain('Simulated failure in a handler');
    for (const personal of ['secret-token-value', '123-45-6789', 'Hunter#22x', 'Jane']) expect(log).not.toContain(personal);
  });

  it("logs a client link's page and calls without its token", async () => {
    const token = 'Tok3nThatMustNeverBeLoggedAnywhereAtAll_1234';
    await fetch(`${server.baseUrl}/public/v1/client-intake/${token}`);
    await fetch(`${server.baseUrl}/client-intake/${token}`, { headers: { Accept: 'text/html' } });
    const log = logLines.join('');
    expect(log).toContain('/public/v1/client-intake/[token]');
    expect(log).not.toContain(token);
  });

  it('answers a URL it cannot decode with 400, not 500', async () => {
    const response = await fetch(`${server.baseUrl}/v1/users/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('bad_request');
  });
});

describe('flood cap', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { rateLimitPerMinute: 3 });
  });

  afterAll(() => server?.close());

  it('answers 429 with a Retry-After once an address passes the cap', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await fetch(`${server.baseUrl}/v1/users/me`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await last?.json()).toEqual({ message: 'Too many requests. Try again later.', code: 'rate_limited' });
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Unknown paths count too, so guessing URLs does not get around the cap.
    const unknown = await fetch(`${server.baseUrl}/v1/no-such-thing`);
    expect(unknown.status).toBe(429);
  });
});

describe('startup checks', () => {
  let server: TestServer;
  let docDir: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    docDir = await mkdtemp(path.join(tmpdir(), 'intake-openapi-'));
  });

  afterAll(async () => {
    await server?.close();
    await rm(docDir, { recursive: true, force: true });
  });

  it('refuses an API route that openapi.yaml does not describe', async () => {
    const app = await buildApp({ db: server.db, jwtSecret: server.jwtSecret, staticDir: false });
    expect(() => app.get('/v1/not-in-the-contract', { config: { access: 'public' } }, async () => ({}))).toThrow(
      'GET /v1/not-in-the-contract is not described in openapi.yaml',
    );
    await app.close();
  });

  it('refuses an API route without config.access', async () => {
    // The real contract plus one operation, so only the missing access can fail.
    const document = parse(await readFile(defaultOpenApiPath, 'utf8')) as { paths: Record<string, unknown> };
    document.paths['/v1/probe'] = { get: { responses: { '200': { description: 'Probe.' } } } };
    const openApiFile = path.join(docDir, 'openapi.yaml');
    await writeFile(openApiFile, stringify(document));

    const app = await buildApp({ db: server.db, jwtSecret: server.jwtSecret, staticDir: false, openApiFile });
    expect(() => app.get('/v1/probe', async () => ({}))).toThrow('GET /v1/probe declares no config.access');
    await app.close();
  });

  it('refuses query parameters the contract does not list, after authentication', async () => {
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id });
    const token = await server.login(user.email, user.password);

    const signedIn = await fetch(`${server.baseUrl}/v1/users/me?debug=1`, { headers: { Authorization: `Bearer ${token}` } });
    expect(signedIn.status).toBe(400);
    expect(await signedIn.json()).toMatchObject({ code: 'validation_failed', fields: { debug: 'is not allowed' } });

    // An anonymous caller learns nothing about the contract: authentication comes first.
    const anonymous = await fetch(`${server.baseUrl}/v1/users/me?debug=1`);
    expect(anonymous.status).toBe(401);
  });
});
