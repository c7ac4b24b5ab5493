// Answers follow openapi.yaml (server/http/openapi.ts): each route writes its answers with the
// schema its operation documents for that status, so a field the contract does not name is never
// sent and an answer missing a required field fails instead of reaching the client. The test-only
// check (checkAnswers, on in every API test server) turns any such answer into a 500 naming it.
// The routes here are the contract's own operations with handlers that answer off it on purpose.
import Fastify, { type FastifyInstance, type RouteHandlerMethod } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from '../../server/http/errors';
import { loadOpenApi, openApiValidation } from '../../server/http/openapi';

const firm = {
  firmName: 'Harbour & Vale LLP',
  firmContact: '555-0100',
  firmMail: 'office@harbourvale.example',
  firmAddress: '12 Quay Street',
  isNeosIntegrated: true,
  neosCredentials: { companyId: 'company-7', integrationId: 'integration-3', apiKeyLastFour: 'k9Q2' },
  limitationYears: 2,
  requireSecondFactor: false,
};

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  vi.restoreAllMocks();
});

async function appAnswering(handler: RouteHandlerMethod, checkAnswers = false): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(openApiValidation, { document: await loadOpenApi(), checkAnswers });
  app.get('/v1/firm', handler);
  await app.ready();
  return app;
}

describe('answers are written with the schema of their operation', () => {
  it('leaves out a field the contract does not name, at any depth', async () => {
    const server = await appAnswering(async () => ({
      data: { ...firm, neosCredentials: { ...firm.neosCredentials, apiKey: 'sealed-secret' }, neosApiKey: 'sealed' },
      debug: 'select *',
    }));
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: firm });
    expect(response.body).not.toContain('sealed-secret');
  });

  it('answers 500 instead of an answer missing a required field', async () => {
    const { firmName: _firmName, ...withoutName } = firm;
    const server = await appAnswering(async () => ({ data: withoutName }));
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(firm.firmAddress);
  });

  it('writes error answers with the error schema too', async () => {
    const server = await appAnswering(async (_request, reply) =>
      reply.code(401).send({ message: 'Authentication required', code: 'unauthenticated', fields: {}, stack: 'at secret.ts:1' }),
    );
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated', fields: {} });
  });
});

describe('the check every API test runs (checkAnswers)', () => {
  it('refuses an answer carrying a field the contract does not name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await appAnswering(async () => ({ data: { ...firm, neosApiKey: 'sealed-secret' } }), true);
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'answer_off_contract' });
    expect(response.json<{ message: string }>().message).toContain('neosApiKey');
  });

  it('refuses a value of the wrong type that the serializer would quietly convert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await appAnswering(async () => ({ data: { ...firm, isNeosIntegrated: 'true' } }), true);
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toContain('isNeosIntegrated');
  });

  it('refuses an error code the contract does not list (openapi.yaml, ErrorCode)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await appAnswering(
      async (_request, reply) => reply.code(401).send({ message: 'Sign in first', code: 'login_required' }),
      true,
    );
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'answer_off_contract' });
    expect(response.json<{ message: string }>().message).toContain('/code must be equal to one of the allowed values');
  });

  it('lets an error code of the contract through', async () => {
    const server = await appAnswering(
      async (_request, reply) => reply.code(401).send({ message: 'This session has expired', code: 'session_expired' }),
      true,
    );
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'This session has expired', code: 'session_expired' });
  });

  it('refuses a status the operation does not document', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await appAnswering(async (_request, reply) => reply.code(418).send({ message: 'Teapot', code: 'teapot' }), true);
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toContain('status 418 is not documented');
  });

  it('lets an answer that follows the contract through unchanged', async () => {
    const server = await appAnswering(async () => ({ data: firm }), true);
    const response = await server.inject({ method: 'GET', url: '/v1/firm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: firm });
  });
});
