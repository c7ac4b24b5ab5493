// The API client as the browser uses it: the auth middleware signs requests with the stored
// session's token (docs/product/sign-in-and-session.md: "Authenticated calls send an Authorization bearer header
// holding the stored token"; login sends none), and every failure reaches callers as an ApiError
// carrying the server's code and fields.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, currentToken, writeStoredSession } from '../../src/api/authStorage';
import { createApiClient, publicOperations } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { connectSessionGate } from '../../src/api/sessionGate';
import type { SessionUser } from '../../src/domain/session';
import { MemoryStorage } from '../support/memoryStorage';
import { listOperations, loadDocument } from './openapiDocument';

const baseUrl = 'http://api.test';
const hour = 3_600_000;

const signedInUser: SessionUser = {
  id: 'u-1',
  firmId: 'f-1',
  firstName: 'Ada',
  middleName: null,
  lastName: 'Testperson',
  email: 'ada@example.test',
  privilege: 'owner',
  userInformation: { phoneNumber: null, usage: null, civilStatus: null, gender: null, birthDate: null, ssnStatus: null },
};

/** A fetch that records each request and answers with `answer`. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response> = () => Response.json({ data: {} })) {
  const requests: Request[] = [];
  return {
    requests,
    fetch: async (request: Request) => {
      requests.push(request);
      return answer(request);
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth middleware', () => {
  it('sends the stored token as a bearer header', async () => {
    writeStoredSession({ token: 'token-abc', expiresAt: Date.now() + 8 * hour, user: signedInUser });
    const server = fakeFetch();
    await createApiClient(baseUrl, currentToken, server.fetch).GET('/v1/users/me');
    expect(server.requests[0]!.headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it('sends no Authorization header without a stored session', async () => {
    clearStoredSession();
    const server = fakeFetch();
    await createApiClient(baseUrl, currentToken, server.fetch).GET('/v1/intake', { params: { query: { pageSize: 10, offSetValue: 0 } } });
    expect(server.requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header once the stored session has expired', async () => {
    writeStoredSession({ token: 'token-old', expiresAt: Date.now() - 1, user: signedInUser });
    const server = fakeFetch();
    await createApiClient(baseUrl, currentToken, server.fetch).GET('/v1/firm');
    expect(server.requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('reads the token at each request, so sign-in and sign-out take effect at once', async () => {
    const server = fakeFetch();
    const client = createApiClient(baseUrl, currentToken, server.fetch);
    await client.GET('/v1/firm');
    writeStoredSession({ token: 'token-new', expiresAt: Date.now() + hour, user: signedInUser });
    await client.GET('/v1/firm');
    clearStoredSession();
    await client.GET('/v1/firm');
    expect(server.requests.map((request) => request.headers.get('Authorization'))).toEqual([null, 'Bearer token-new', null]);
  });

  it('never sends a token with login, even when one is stored', async () => {
    writeStoredSession({ token: 'token-abc', expiresAt: Date.now() + hour, user: signedInUser });
    const server = fakeFetch(() => Response.json({ data: { token: 't', expiresIn: '8h' } }));
    await createApiClient(baseUrl, currentToken, server.fetch).POST('/v1/users/login', {
      body: { email: 'ada@example.test', password: 'x' },
    });
    expect(server.requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('holds a refused call until the person signs in again, then sends it again with the new token', async () => {
    writeStoredSession({ token: 'old-token', expiresAt: Date.now() + hour, user: signedInUser });
    const reasons: string[] = [];
    const disconnect = connectSessionGate((reason) => {
      reasons.push(reason);
      writeStoredSession({ token: 'new-token', expiresAt: Date.now() + hour, user: signedInUser });
      return Promise.resolve('resumed');
    });
    const { fetch, requests } = fakeFetch((request) =>
      request.headers.get('Authorization') === 'Bearer new-token'
        ? Response.json({ data: { saved: true } })
        : Response.json({ message: 'This session was signed out', code: 'session_signed_out' }, { status: 401 }),
    );
    try {
      const { data } = await createApiClient(baseUrl, currentToken, fetch).GET('/v1/users/me');
      expect(data).toEqual({ data: { saved: true } });
      expect(reasons).toEqual(['signedOut']);
      expect(requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer old-token', 'Bearer new-token']);
    } finally {
      disconnect();
    }
  });

  it('tells an expired session as expired when the call went without a token', async () => {
    writeStoredSession({ token: 'old-token', expiresAt: Date.now() - 1, user: signedInUser });
    const reasons: string[] = [];
    const disconnect = connectSessionGate((reason) => {
      reasons.push(reason);
      return Promise.resolve('notSignedIn');
    });
    const { fetch } = fakeFetch(() => Response.json({ message: 'Authentication required', code: 'unauthenticated' }, { status: 401 }));
    try {
      const { response } = await createApiClient(baseUrl, currentToken, fetch).GET('/v1/users/me');
      expect(response.status).toBe(401);
      expect(reasons).toEqual(['expired']);
    } finally {
      disconnect();
    }
  });

  it('sends Accept any type, and JSON on POST (docs/product/app-shell.md default headers)', async () => {
    const server = fakeFetch();
    await createApiClient(baseUrl, () => undefined, server.fetch).POST('/neos/validateCredentials', {
      body: { companyId: 'c', apiKey: 'k', integrationId: 'i' },
    });
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`${baseUrl}/neos/validateCredentials`);
    expect(request!.headers.get('Accept')).toBe('*/*');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(await request!.json()).toEqual({ companyId: 'c', apiKey: 'k', integrationId: 'i' });
  });

  it('treats as public exactly the operations openapi.yaml marks `security: []`', () => {
    const unsecured = listOperations(loadDocument())
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect([...publicOperations].sort()).toEqual(unsecured.sort());
  });
});

describe('ApiError', () => {
  it('carries status, code, message and fields of the error body', async () => {
    const body = { message: 'This email is already in use', code: 'email_taken', fields: { email: 'This email is already in use' } };
    const server = fakeFetch(() => Response.json(body, { status: 409 }));
    const { error, response } = await createApiClient(baseUrl, () => 't', server.fetch).PUT('/v1/user/{id}', {
      params: { path: { id: 'u-1' } },
      body: { firstName: 'Ada', lastName: 'Testperson', email: 'taken@example.test', userInformation: {} },
    });
    const apiError = new ApiError(error, response);
    expect(apiError).toBeInstanceOf(Error);
    expect(apiError).toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'email_taken',
      message: 'This email is already in use',
      fields: { email: 'This email is already in use' },
    });
    expect(apiError.body).toEqual(body);
  });

  it('has a plain message and no body when the answer has no body (docs/product/app-shell.md "no error body")', async () => {
    const server = fakeFetch(
      () => new Response(null, { status: 500, statusText: 'Internal Server Error', headers: { 'Content-Length': '0' } }),
    );
    const { error, response } = await createApiClient(baseUrl, () => 't', server.fetch).GET('/v1/users/me');
    const apiError = new ApiError(error, response);
    expect(apiError).toMatchObject({
      status: 500,
      code: 'http_500',
      message: 'Request failed with status 500 Internal Server Error',
      fields: {},
    });
    expect(apiError.body).toBeUndefined();
  });

  it('ignores a body that is not an error body (e.g. a proxy page)', async () => {
    const server = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const { error, response } = await createApiClient(baseUrl, () => 't', server.fetch).GET('/v1/firm');
    const apiError = new ApiError(error, response);
    expect(apiError).toMatchObject({ status: 502, code: 'http_502', message: 'Request failed with status 502' });
    expect(apiError.body).toBeUndefined();
  });

  it('is what a call rejects with when the server cannot be reached', async () => {
    const offline = new TypeError('fetch failed');
    const client = createApiClient(
      baseUrl,
      () => 't',
      async () => {
        throw offline;
      },
    );
    const failure = await client.GET('/v1/firm').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network_error', cause: offline });
    expect((failure as ApiError).body).toBeUndefined();
  });

  it('leaves an aborted request an AbortError, since the caller asked for it', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = createApiClient(
      baseUrl,
      () => 't',
      async (request) => {
        throw request.signal.reason;
      },
    );
    const failure = await client.GET('/v1/leads', { signal: controller.signal }).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });
});
