// The API reference: /api/docs shows openapi.yaml in Swagger UI from files this server
// serves itself, and the routes the server registers are exactly the calls openapi.yaml describes.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCS_PATH, SPEC_JSON_PATH, SPEC_YAML_PATH } from '../../server/http/docs';
import { defaultOpenApiPath, isApiPath } from '../../server/http/openapi';
import { startTestServer, type TestServer } from './support/testServer';

const root = path.resolve(import.meta.dirname, '../..');
const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** The routes that serve the contract rather than being calls of it (`contract: false`). */
const docsRoutes = [`GET ${DOCS_PATH}`, `GET ${DOCS_PATH}/assets/{file}`, `GET ${SPEC_YAML_PATH}`, `GET ${SPEC_JSON_PATH}`];

interface Call {
  method: string;
  /** In openapi.yaml's notation: /v1/user/{id}. */
  path: string;
}

const describeCall = (call: Call) => `${call.method} ${call.path}`;

/**
 * Every (method, path) Fastify has, read from `printRoutes()`: a tree where each line adds its
 * segment to its parent's ('/v1/firm' then 'User' is /v1/firmUser) and lists the methods of the
 * path it ends.
 */
function registeredCalls(tree: string): Call[] {
  const prefixes: string[] = [];
  const calls: Call[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    prefixes.length = depth;
    const full = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = full;
    for (const method of match[3]?.split(', ') ?? []) {
      calls.push({ method, path: full.replace(/:([A-Za-z0-9_]+)/g, '{$1}') });
    }
  }
  return calls;
}

async function contractCalls(): Promise<Call[]> {
  const document = parse(await readFile(defaultOpenApiPath, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([callPath, item]) =>
    Object.keys(item)
      .filter((key) => httpMethods.includes(key))
      .map((method) => ({ method: method.toUpperCase(), path: callPath })),
  );
}

describe('the API reference', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });

  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string) => fetch(`${server.baseUrl}${url}`);

  it('is a public HTML page whose every file comes from this server', async () => {
    const response = await get(DOCS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Intake staff application API</title>');
    expect(html).toContain('<div id="swagger-ui">');
    // No inline script: the app's policy (script-src 'self') holds for this page too.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    const references = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) {
      expect(reference, 'no external URL').toMatch(/^\/(?!\/)/);
      const file = await get(reference);
      expect(file.status, reference).toBe(200);
      expect(await file.arrayBuffer()).not.toHaveProperty('byteLength', 0);
    }
  });

  it('starts Swagger UI on the served contract without asking a foreign validator', async () => {
    const html = await (await get(DOCS_PATH)).text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    const bodies = await Promise.all(scripts.map(async (script) => (await get(script)).text()));
    const start = bodies.at(-1) ?? '';
    expect(start).toContain(`url: '${SPEC_YAML_PATH}'`);
    expect(start).toContain('validatorUrl: null');
    expect(bodies[0]).toContain('SwaggerUIBundle');
  });

  it('serves the contract as YAML and as JSON', async () => {
    const yaml = await get(SPEC_YAML_PATH);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const text = await yaml.text();
    expect(text).toBe(await readFile(defaultOpenApiPath, 'utf8'));

    const json = await get(SPEC_JSON_PATH);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual(parse(text));
  });

  it('serves no other file of the Swagger UI package', async () => {
    for (const name of ['index.html', 'oauth2-redirect.html', '..%2Fpackage.json', 'constructor']) {
      const response = await get(`${DOCS_PATH}/assets/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  describe('routes and contract', () => {
    it('reads the registered routes as the server has them', () => {
      const calls = registeredCalls(server.app.printRoutes({ commonPrefix: false }));
      expect(calls.map(describeCall)).toEqual(expect.arrayContaining(['POST /v1/firmUser', 'PUT /v1/user/{id}', ...docsRoutes]));
      for (const call of calls) {
        const url = call.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
        expect(server.app.hasRoute({ method: call.method as 'GET', url }), describeCall(call)).toBe(true);
      }
    });

    it('every route under the API prefixes is a call of openapi.yaml', async () => {
      const described = new Set((await contractCalls()).map(describeCall));
      const undescribed = registeredCalls(server.app.printRoutes({ commonPrefix: false }))
        // Fastify answers HEAD beside every GET by itself.
        .filter((call) => call.method !== 'HEAD' && isApiPath(call.path))
        .map(describeCall)
        .filter((call) => !described.has(call) && !docsRoutes.includes(call));
      expect(undescribed).toEqual([]);
    });

    it('every call of openapi.yaml is served: a route, or a file of the built client', async () => {
      const missing = (await contractCalls()).filter((call) => {
        const url = call.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
        const routed = server.app.hasRoute({ method: call.method as 'GET', url });
        // The load balancer's probes are routes outside the API prefixes.
        if (!isApiPath(call.path)) return !routed && !existsSync(path.join(root, 'public', call.path));
        return !routed;
      });
      expect(missing.map(describeCall)).toEqual([]);
    });
  });
});
