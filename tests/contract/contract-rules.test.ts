// The rules openapi.yaml keeps so that one document can drive the generated client
// (openapi-typescript) and the server's validation (Ajv in JSON Schema 2020-12 mode, as
// server/http/openapi.ts builds it): a small set of keywords both read alike, closed request
// objects, a bound on every request string and array, named components, and per operation its id,
// tag, security and error answers.
import { describe, expect, it } from 'vitest';
import {
  type OperationEntry,
  type SchemaObject,
  listOperations,
  loadDocument,
  parametersOf,
  resolve,
  typesOf,
  walkSchema,
} from './openapiDocument';

const doc = loadDocument();
const operations = listOperations(doc);
const callOf = ({ method, path }: OperationEntry) => `${method.toUpperCase()} ${path}`;

/**
 * The keywords the document keeps to: each one Ajv 2020 validates and openapi-typescript types the
 * same way. OpenAPI 3.0's `nullable` and `example`, and 2020-12's `prefixItems` and `$defs`, are
 * left out: the first two are not JSON Schema, the last two have no use here and type loosely.
 */
const allowedKeywords = new Set([
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'const',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'default',
  'description',
  'title',
  'examples',
  'oneOf',
  'anyOf',
  'allOf',
]);

/** Every schema of the document: components, parameters, bodies, answers and their headers. */
function everySchema(): [where: string, schema: SchemaObject][] {
  const roots: [string, SchemaObject][] = [
    ...Object.entries(doc.components.schemas).map(([name, schema]): [string, SchemaObject] => [name, schema]),
    ...Object.values(doc.components.parameters).map((p): [string, SchemaObject] => [`parameter ${p.name}`, p.schema]),
    ...Object.entries(doc.components.responses).flatMap(([name, response]) => [
      ...Object.values(response.content ?? {}).map((media): [string, SchemaObject] => [`response ${name}`, media.schema]),
    ]),
  ];
  for (const entry of operations) {
    const { operation, pathItem } = entry;
    for (const p of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
      if (p.schema) roots.push([`${callOf(entry)} ${p.name}`, p.schema]);
    }
    for (const media of Object.values(operation.requestBody?.content ?? {})) roots.push([`${callOf(entry)} body`, media.schema]);
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const media of Object.values(response.content ?? {})) roots.push([`${callOf(entry)} ${status}`, media.schema]);
    }
  }
  const all: [string, SchemaObject][] = [];
  for (const [where, schema] of roots) walkSchema(doc, schema, where, (node, at) => all.push([at, node]));
  return all;
}

/** Every schema a request can reach: bodies and parameters, following $refs. */
function everyRequestSchema(): [where: string, schema: SchemaObject][] {
  const all: [string, SchemaObject][] = [];
  for (const entry of operations) {
    const body = entry.operation.requestBody?.content?.['application/json']?.schema;
    if (body) walkSchema(doc, body, `${callOf(entry)} body`, (node, at) => all.push([at, node]));
    for (const p of parametersOf(doc, entry.method, entry.path)) {
      walkSchema(doc, p.schema, `${callOf(entry)} ${p.in} ${p.name}`, (node, at) => all.push([at, node]));
    }
  }
  return all;
}

describe('schema keywords', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('uses only the keywords the client types and the server validates alike (no `nullable`, `prefixItems`, `$defs`, `example` ...)', () => {
    const unknown = everySchema().flatMap(([where, schema]) =>
      Object.keys(schema)
        .filter((keyword) => !allowedKeywords.has(keyword))
        .map((keyword) => `${where}: ${keyword}`),
    );
    expect(unknown).toEqual([]);
  });

  it('writes nullable values as a type list with null', () => {
    const oddTypes = everySchema().filter(([, schema]) =>
      typesOf(schema).some((type) => !['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'].includes(type)),
    );
    expect(oddTypes.map(([where]) => where)).toEqual([]);
  });

  it('names every object it requires in its properties', () => {
    const missing = everySchema().flatMap(([where, schema]) =>
      (schema.required ?? []).filter((name) => !(name in (schema.properties ?? {}))).map((name) => `${where}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('request schemas', () => {
  const requestSchemas = everyRequestSchema();

  it('close every object with additionalProperties: false', () => {
    const open = requestSchemas.filter(
      ([, schema]) => (typesOf(schema).includes('object') || schema.properties) && schema.additionalProperties !== false,
    );
    expect(open.map(([where]) => where)).toEqual([]);
  });

  it('bound every string with maxLength', () => {
    const unbounded = requestSchemas.filter(([, schema]) => typesOf(schema).includes('string') && typeof schema.maxLength !== 'number');
    expect(unbounded.map(([where]) => where)).toEqual([]);
  });

  it('bound every array with maxItems', () => {
    const unbounded = requestSchemas.filter(([, schema]) => typesOf(schema).includes('array') && typeof schema.maxItems !== 'number');
    expect(unbounded.map(([where]) => where)).toEqual([]);
  });

  it('bound every integer and number on both sides (a huge offset once reached the database)', () => {
    const unbounded = requestSchemas.filter(
      ([, schema]) =>
        (typesOf(schema).includes('integer') || typesOf(schema).includes('number')) &&
        (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number'),
    );
    expect(unbounded.map(([where]) => where)).toEqual([]);
  });
});

describe('operations', () => {
  const declaredTags = doc.tags.map((tag) => tag.name);
  /** Operations that need no token (docs/product/sign-in-and-session.md: login sends none; the PDF template is static). */
  const publicCalls = [
    'POST /v1/users/login',
    'GET /intake-template.pdf',
    // The second step of a sign-in: the challenge is its key (docs/product/sign-in-and-session.md).
    'POST /v1/users/login/second-factor',
    'POST /v1/users/login/second-factor/enrolment',
    // A sign-in with a passkey: the signed challenge is its key (docs/product/sign-in-and-session.md, Passkeys).
    'POST /v1/users/login/passkey/options',
    'POST /v1/users/login/passkey',
    'GET /health',
    'GET /ready',
    // The client's link is its own key (docs/product/client-intake.md#public-calls).
    'GET /public/v1/client-intake/{token}',
    'POST /public/v1/client-intake/{token}',
    // So is the signing link (docs/product/engagement.md#the-link).
    'GET /public/v1/engagement/{token}',
    'POST /public/v1/engagement/{token}',
    // 'Forgot password?' and the reset link, whose token is its key (docs/product/sign-in-and-session.md, Password reset).
    'GET /public/v1/password-reset',
    'POST /public/v1/password-reset',
    'POST /public/v1/password-reset/{token}',
  ];

  /** The error answers each call documents, from the spec's error catalogues and roles. */
  // Every call can also meet a flood cap (429) and a database away (503) (README, Timeouts), and
  // any malformed query or body is a 400.
  const errorStatuses: Record<string, string[]> = {
    'GET /health': [],
    'GET /ready': ['503'],
    'POST /v1/users/login': ['400', '401', '429', '503'],
    'POST /v1/users/login/second-factor': ['400', '401', '409', '429', '503'],
    'POST /v1/users/login/second-factor/enrolment': ['400', '401', '409', '429', '503'],
    'GET /v1/users/me/totp': ['400', '401', '429', '503'],
    'POST /v1/users/me/totp': ['400', '401', '409', '429', '503'],
    'DELETE /v1/users/me/totp': ['400', '401', '409', '429', '503'],
    'POST /v1/users/me/totp/confirm': ['400', '401', '409', '429', '503'],
    'DELETE /v1/users/{id}/totp': ['400', '401', '403', '404', '409', '429', '503'],
    'POST /v1/users/login/passkey/options': ['400', '401', '429', '503'],
    'POST /v1/users/login/passkey': ['400', '401', '429', '503'],
    'GET /v1/users/me/passkeys': ['400', '401', '429', '503'],
    'POST /v1/users/me/passkeys': ['400', '401', '409', '429', '503'],
    'POST /v1/users/me/passkeys/options': ['400', '401', '429', '503'],
    'PATCH /v1/users/me/passkeys/{passkeyId}': ['400', '401', '404', '429', '503'],
    'DELETE /v1/users/me/passkeys/{passkeyId}': ['400', '401', '404', '409', '429', '503'],
    'GET /v1/users/me': ['400', '401', '429', '503'],
    'GET /v1/users': ['400', '401', '403', '429', '503'],
    'POST /v1/firmUser': ['400', '401', '403', '409', '429', '503'],
    'PUT /v1/user/{id}': ['400', '401', '403', '409', '429', '503'],
    'POST /cases/v2/checkDuplicate': ['400', '401', '409', '429', '503'],
    'POST /cases/v2/FromLead': ['400', '401', '409', '429', '503'],
    'GET /v1/leads': ['400', '401', '429', '503'],
    'GET /v1/firm': ['400', '401', '429', '503'],
    'PUT /v1/firm': ['400', '401', '403', '429', '502', '503'],
    'POST /neos/validateCredentials': ['400', '401', '403', '429', '502', '503'],
    'GET /v1/intake': ['400', '401', '403', '429', '503'],
    'POST /v1/intake': ['400', '401', '403', '409', '429', '503'],
    'GET /v1/intake/{caseId}': ['400', '401', '404', '429', '503'],
    'PATCH /v1/intake/{caseId}': ['400', '401', '403', '404', '409', '429', '503'],
    'GET /intake-template.pdf': ['404', '429'],
    'POST /v1/users/logout': ['400', '401', '429', '503'],
    'POST /v1/users/me/session/renew': ['400', '401', '429', '503'],
    'POST /v1/user/{id}/reveal': ['400', '401', '403', '404', '429', '503'],
    'POST /v1/user/{id}/deactivate': ['400', '401', '403', '404', '409', '429', '503'],
    'POST /v1/user/{id}/reactivate': ['400', '401', '403', '404', '429', '503'],
    'GET /v1/users/{id}': ['400', '401', '403', '404', '429', '503'],
    'PATCH /v1/users/{id}': ['400', '401', '403', '404', '409', '429', '503'],
    'GET /v1/activity': ['400', '401', '403', '429', '503'],
    'GET /v1/dashboard': ['400', '401', '429', '503'],
    'POST /v1/intake/{caseId}/reveal': ['400', '401', '403', '404', '429', '503'],
    'GET /v1/intake/{caseId}/history': ['400', '401', '403', '404', '429', '503'],
    'GET /v1/intake/{caseId}/client-link': ['400', '401', '403', '404', '429', '503'],
    'POST /v1/intake/{caseId}/client-link': ['400', '401', '403', '404', '409', '429', '502', '503'],
    'GET /v1/intake/{caseId}/client-answers': ['400', '401', '403', '404', '429', '503'],
    'GET /v1/intake/{caseId}/conflicts': ['400', '401', '403', '404', '429', '503'],
    'POST /v1/intake/{caseId}/conflicts/decision': ['400', '401', '403', '404', '429', '503'],
    'GET /public/v1/client-intake/{token}': ['400', '404', '410', '429', '503'],
    'POST /public/v1/client-intake/{token}': ['400', '404', '410', '429', '503'],
    'GET /v1/firm/engagement-terms': ['400', '401', '429', '503'],
    'PUT /v1/firm/engagement-terms': ['400', '401', '403', '429', '503'],
    'POST /v1/firm/engagement-terms/preview': ['400', '401', '403', '404', '429', '503'],
    'GET /v1/intake/{caseId}/engagement': ['400', '401', '403', '404', '429', '503'],
    'POST /v1/intake/{caseId}/engagement': ['400', '401', '403', '404', '409', '429', '502', '503'],
    'GET /v1/intake/{caseId}/engagement/signed.pdf': ['400', '401', '403', '404', '429', '503'],
    'GET /public/v1/engagement/{token}': ['400', '404', '410', '429', '503'],
    'POST /public/v1/engagement/{token}': ['400', '404', '409', '410', '429', '503'],
    'GET /public/v1/password-reset': ['400', '429', '503'],
    'POST /public/v1/password-reset': ['400', '409', '429', '503'],
    'POST /public/v1/password-reset/{token}': ['400', '404', '429', '503'],
    'POST /v1/users/{id}/password-reset': ['400', '401', '403', '404', '409', '429', '503'],
  };
  const createdCalls = [
    'POST /v1/users/me/passkeys',
    'POST /v1/firmUser',
    'POST /cases/v2/FromLead',
    'POST /v1/intake',
    'POST /v1/intake/{caseId}/client-link',
    'POST /v1/intake/{caseId}/engagement',
    'POST /v1/users/{id}/password-reset',
  ];
  const noContentCalls = [
    'POST /v1/users/logout',
    'DELETE /v1/users/me/totp',
    'DELETE /v1/users/{id}/totp',
    'POST /public/v1/password-reset/{token}',
    'DELETE /v1/users/me/passkeys/{passkeyId}',
  ];
  /** Taken, and done after the answer (the emailed reset link: the same answer in the same time for every address). */
  const acceptedCalls = ['POST /public/v1/password-reset'];

  it('have unique operationIds', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations.map((entry): [string, OperationEntry] => [callOf(entry), entry]))(
    '%s: tag, security, answers',
    (call, { operation }) => {
      expect(operation.tags?.length).toBe(1);
      expect(declaredTags).toContain(operation.tags![0]);
      expect(operation.security).toEqual(publicCalls.includes(call) ? [] : [{ bearerAuth: [] }]);

      const statuses = Object.keys(operation.responses);
      expect(statuses.filter((status) => status.startsWith('2'))).toEqual([
        createdCalls.includes(call) ? '201' : noContentCalls.includes(call) ? '204' : acceptedCalls.includes(call) ? '202' : '200',
      ]);
      expect(statuses.filter((status) => !status.startsWith('2'))).toEqual(errorStatuses[call]);
      for (const status of errorStatuses[call] ?? []) {
        const response = operation.responses[status]!;
        expect(response.$ref, `${call} ${status} uses a shared response`).toMatch(/^#\/components\/responses\//);
        if (call !== 'GET /intake-template.pdf' || status !== '404') {
          expect(resolve(doc, response).content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    },
  );

  it.each(operations.map((entry): [string, OperationEntry] => [callOf(entry), entry]))(
    '%s: JSON bodies are named components',
    (_call, { operation }) => {
      const bodies = [
        operation.requestBody?.content?.['application/json']?.schema,
        ...Object.values(operation.responses).map((response) => response.content?.['application/json']?.schema),
      ].filter((schema): schema is SchemaObject => schema !== undefined);
      for (const schema of bodies) expect(schema.$ref).toMatch(/^#\/components\/schemas\/\w+$/);
    },
  );
});
