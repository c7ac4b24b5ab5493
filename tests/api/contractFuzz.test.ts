// The contract fuzzer (README, Operations): requests made by fast-check from openapi.yaml (a fixed
// seed, so every run sends the same ones), to every operation, anonymous and signed in with each
// privilege, with bodies and queries that follow the contract and bodies that break it. Every
// answer must be no 5xx, a status the operation documents, and a body that matches the schema
// documented for that status. `npm run soak` sends 10,000 (FUZZ_CASES). FUZZ_TRACE='POST /v1/firmUser'
// prints every answer of one operation, to see what the generator sends.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNeosSandbox, type NeosSandbox } from '../../sandbox/neos/server';
import { loadOpenApi } from '../../server/http/openapi';
import { SANDBOX_CREDENTIALS } from '../../sandbox/neos/server';
import { toApiIntake } from '../../src/domain/intake';
import { sampleLead } from '../support/sampleLead';
import { employeeBody, userInformation } from './support/userBodies';
import { recordFigure, size } from './support/figures';
import { createdIntake, draftIntake } from './support/intakes';
import { broken, hostileValue, mutated, valid, type Schema } from './support/schemaArbitrary';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

const SEED = 20261124;
const cases = size('FUZZ_CASES', 2000);
const AT_ONCE = 8;

type Caller = 'anonymous' | 'forged' | 'owner' | 'administrator' | 'representative' | 'self';
const callers: Caller[] = ['anonymous', 'forged', 'owner', 'administrator', 'representative', 'self'];
/**
 * Calls that can end the caller's own session (sign-out, a new password or email on one's own
 * record) are made as 'self', a user kept for them, so the other callers stay signed in.
 */
const selfOperations = new Set(['logout', 'updateUser']);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Target {
  method: string;
  path: string;
  operation: Operation;
  parameters: Parameter[];
}

interface FuzzCase {
  target: number;
  caller: Caller;
  pathValues: string[];
  query: Record<string, unknown>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'text'; value: string };
  idempotencyKey: string | null;
}

function serialiseQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe.each(testDatabases())('contract fuzzing on %s', (kind) => {
  let server: TestServer;
  let sandbox: NeosSandbox;
  let targets: Target[];
  const tokens = new Map<Caller, string>();
  /** Ids that exist, so some calls reach past "not found". */
  const knownIds: string[] = [];
  let ownerId = '';
  const knownCaseIds: string[] = [];
  const validators = new Map<string, ValidateFunction>();
  /** Per operationId, a request body a person's client would send (deterministic, like the seed). */
  let examples: Record<string, () => unknown> = {};
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);

  beforeAll(async () => {
    sandbox = await startNeosSandbox();
    // The flood caps are left out: they answer 429 by design, which would only hide the calls.
    server = await startTestServer(kind, { neosApiUrl: sandbox.url, rateLimitPerMinute: false });
    const firm = await server.createFirm();
    for (const privilege of ['owner', 'administrator', 'representative'] as const) {
      const user = await server.createUser({ firmId: firm.id, privilege });
      tokens.set(privilege, await server.login(user.email, user.password));
      if (privilege === 'owner') {
        ownerId = user.id;
        const intake = await createdIntake(server, { user, token: tokens.get('owner')! }, draftIntake({ lastName: 'Fuzzed' }));
        knownCaseIds.push(intake.caseId);
      }
    }
    let serial = 0;
    const next = () => (serial += 1);
    const lead = () => ({
      neosCasesInformation: {
        ...sampleLead,
        lastName: `Fuzz${next()}`,
        phone: `555-04${String(serial % 100).padStart(2, '0')}-${String(serial % 10000).padStart(4, '0')}`,
      },
    });
    const intake = () => ({ userId: ownerId, generalCaseInformation: toApiIntake(draftIntake({ lastName: `Fuzz${next()}` })) });
    examples = {
      login: () => ({ email: `nobody${next()}@example.test`, password: 'Wrong#Pass1' }),
      createEmployee: () => employeeBody({ email: `fuzz${next()}@example.test` }),
      updateUser: () => ({
        ...employeeBody({ email: `fuzz${next()}@example.test` }),
        password: undefined,
        userInformation: userInformation(),
      }),
      checkDuplicateLead: lead,
      createLead: lead,
      createIntake: intake,
      updateIntake: () => ({
        ...intake(),
        generalCaseInformation: { ...intake().generalCaseInformation, caseId: knownCaseIds[0], updatedAt: '2026-01-01T00:00:00.000Z' },
      }),
      updateFirm: () => ({
        firmName: `Firm ${next()}`,
        firmContact: 'Contact',
        firmMail: 'firm@example.test',
        firmAddress: '1 Road',
        neosCredentials: SANDBOX_CREDENTIALS,
      }),
      validateNeosCredentials: () => ({ ...SANDBOX_CREDENTIALS }),
    };
    // Users the calls may change, deactivate or look at; never one of the callers above.
    const victim = await server.createUser({ firmId: firm.id });
    const self = await server.createUser({ firmId: firm.id });
    tokens.set('self', await server.login(self.email, self.password));
    knownIds.push(victim.id, self.id);
    tokens.set('forged', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');

    const document = (await loadOpenApi()) as unknown as {
      paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
    };
    targets = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const operation = item[method] as Operation | undefined;
        if (!operation) continue;
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].filter((parameter) => parameter.in !== 'header');
        targets.push({ method: method.toUpperCase(), path, operation, parameters });
      }
    }
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  function caseArbitrary(): fc.Arbitrary<FuzzCase> {
    return fc.nat({ max: targets.length - 1 }).chain((target) => {
      const { parameters, operation } = targets[target]!;
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const pathValue = fc.oneof(
        fc.constantFrom(...knownIds, ...knownCaseIds),
        fc.uuid(),
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text !== '.' && text !== '..'),
      );
      const queryRecord: Record<string, fc.Arbitrary<unknown>> = {};
      for (const parameter of queryParameters) {
        queryRecord[parameter.name] = fc.oneof(
          { weight: 4, arbitrary: valid(parameter.schema ?? {}) },
          { weight: 1, arbitrary: hostileValue },
        );
      }
      const example = examples[operation.operationId];
      const json = (value: unknown) => ({ kind: 'json' as const, value });
      const body: fc.Arbitrary<FuzzCase['body']> = bodySchema
        ? fc.oneof(
            // Requests a person's client would send, and the same with one thing broken: these
            // get past the contract to the rules and the database.
            ...(example
              ? [
                  { weight: 2, arbitrary: fc.constant(null).map(() => json(example())) },
                  {
                    weight: 6,
                    arbitrary: fc
                      .constant(null)
                      .chain(() => mutated(example()))
                      .map(json),
                  },
                ]
              : []),
            { weight: 1, arbitrary: valid(bodySchema).map((value) => ({ kind: 'json' as const, value })) },
            { weight: 2, arbitrary: broken(bodySchema).map((value) => ({ kind: 'json' as const, value })) },
            {
              weight: 1,
              arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', 'not json', '').map((value) => ({ kind: 'text' as const, value })),
            },
          )
        : fc.oneof(
            { weight: 5, arbitrary: fc.constant({ kind: 'none' as const }) },
            { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
          );
      return fc.record({
        target: fc.constant(target),
        // Mostly signed in: an anonymous call is refused before its body is read.
        caller: fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom<Caller>('anonymous', 'forged') },
          { weight: 3, arbitrary: fc.constantFrom<Caller>('owner', 'owner', 'administrator', 'representative') },
        ),
        pathValues: fc.array(pathValue, { minLength: pathParameters.length, maxLength: pathParameters.length }),
        query: fc.record(queryRecord, { requiredKeys: [] }),
        body,
        idempotencyKey: fc.oneof(fc.constant(null), fc.uuid(), fc.constantFrom('x'.repeat(300), 'two words')),
      });
    });
  }

  function validatorFor(target: Target, status: string): ValidateFunction | undefined {
    const schema = target.operation.responses[status]?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    const key = `${target.method} ${target.path} ${status}`;
    let validator = validators.get(key);
    if (!validator) {
      validator = ajv.compile(schema);
      validators.set(key, validator);
    }
    return validator;
  }

  it(`${cases} generated requests: no 5xx, only documented statuses, bodies as documented`, { timeout: 600_000 }, async () => {
    const generated = fc.sample(caseArbitrary(), { seed: SEED, numRuns: cases });
    const failures: string[] = [];
    const seenOperations = new Set<string>();
    const seenCallers = new Set<Caller>();
    let fiveHundreds = 0;
    let undocumented = 0;
    let mismatched = 0;

    async function send(fuzz: FuzzCase): Promise<void> {
      const target = targets[fuzz.target]!;
      let path = target.path;
      const pathParameters = target.parameters.filter((parameter) => parameter.in === 'path');
      pathParameters.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(fuzz.pathValues[index] ?? 'x'));
      });
      const headers: Record<string, string> = {};
      const caller: Caller =
        selfOperations.has(target.operation.operationId) && tokens.has(fuzz.caller) && fuzz.caller !== 'forged' ? 'self' : fuzz.caller;
      const token = tokens.get(caller);
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (fuzz.body.kind === 'json') {
        body = JSON.stringify(fuzz.body.value) ?? 'null';
        headers['content-type'] = 'application/json';
      } else if (fuzz.body.kind === 'text') {
        body = fuzz.body.value;
        headers['content-type'] = 'application/json';
      }
      if (fuzz.idempotencyKey && target.method === 'POST') headers['Idempotency-Key'] = fuzz.idempotencyKey;
      const canHaveBody = target.method !== 'GET';
      const url = `${server.baseUrl}${path}${serialiseQuery(fuzz.query)}`;
      const response = await fetch(url, { method: target.method, headers, body: canHaveBody ? body : undefined });
      const text = await response.text();
      const status = String(response.status);
      const call = `${target.method} ${target.path}`;
      seenOperations.add(call);
      if (process.env.FUZZ_TRACE && call === process.env.FUZZ_TRACE) console.log(status, caller, body?.slice(0, 160), text.slice(0, 160));
      seenCallers.add(caller);
      const where = `${call} as ${caller} -> ${status} (${url.slice(server.baseUrl.length, server.baseUrl.length + 120)} ${body?.slice(0, 200) ?? ''}) ${text.slice(0, 200)}`;
      if (response.status >= 500) {
        fiveHundreds += 1;
        failures.push(`5xx: ${where}`);
        return;
      }
      if (!(status in target.operation.responses)) {
        undocumented += 1;
        failures.push(`undocumented: ${where}`);
        return;
      }
      const validator = validatorFor(target, status);
      if (validator && text) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = Symbol('not JSON');
        }
        if (!validator(parsed)) {
          mismatched += 1;
          failures.push(`schema: ${where} ${JSON.stringify(validator.errors?.slice(0, 2))}`);
        }
      }
    }

    for (let start = 0; start < generated.length; start += AT_ONCE) {
      await Promise.all(generated.slice(start, start + AT_ONCE).map(send));
    }

    recordFigure(`${kind}: fuzz requests`, generated.length);
    recordFigure(`${kind}: fuzz 5xx`, fiveHundreds);
    recordFigure(`${kind}: fuzz undocumented statuses`, undocumented);
    recordFigure(`${kind}: fuzz bodies not matching the schema`, mismatched);
    expect(failures.slice(0, 15)).toEqual([]);
    expect([...seenOperations].sort()).toEqual(targets.map((target) => `${target.method} ${target.path}`).sort());
    expect([...seenCallers].sort()).toEqual([...callers].sort());
  });
});
