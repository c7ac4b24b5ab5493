// The user fetchers (src/api/users.ts) against a fake server: the call each one makes, the payload
// it returns, and the ApiError it throws.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { createEmployee, getCurrentUser, listUsers, login, updateUser, type User } from '../../src/api/users';
import { fakeServer as server } from './fakeServer';

// The fetchers talk to a fake server (see ./fakeServer).
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fakeServer')).clientAnsweredByFakeServer(importOriginal, 'token-users'),
);

const user: User = {
  id: 'u-7',
  firstName: 'Ada',
  middleName: null,
  lastName: 'Testperson',
  email: 'ada@example.test',
  privilege: 'representative',
  status: 'Active',
  createdAt: '2025-01-02T03:04:05.000Z',
  userInformation: {
    phoneNumber: '555-0100',
    usage: 'call',
    civilStatus: 'single',
    gender: 'female',
    birthDate: '1990-04-01',
    ssn: null,
    ssnStatus: 'noSsn',
    itin: null,
  },
};

const userInformation = user.userInformation;

beforeEach(() => {
  server.requests.length = 0;
});

describe('user fetchers', () => {
  it('login posts the credentials and returns token and expiresIn', async () => {
    server.answer = () => Response.json({ data: { token: 'jwt-1', expiresIn: '8h' } });
    await expect(login({ email: 'ada@example.test', password: 'S3cret!pass' })).resolves.toEqual({ token: 'jwt-1', expiresIn: '8h' });
    const [request] = server.requests;
    expect(`${request!.method} ${new URL(request!.url).pathname}`).toBe('POST /v1/users/login');
    expect(await request!.json()).toEqual({ email: 'ada@example.test', password: 'S3cret!pass' });
  });

  it('login failure throws the server code, for the sign-in screen', async () => {
    server.answer = () => Response.json({ message: 'Email or password is incorrect', code: 'invalid_credentials' }, { status: 401 });
    await expect(login({ email: 'ada@example.test', password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
  });

  it('getCurrentUser returns the full record', async () => {
    server.answer = () => Response.json({ data: user });
    await expect(getCurrentUser()).resolves.toEqual(user);
    expect(server.requests[0]!.headers.get('Authorization')).toBe('Bearer token-users');
  });

  it('listUsers sends the filter and pager and returns the page with its total', async () => {
    server.answer = () => Response.json({ data: [user], totalRecords: 11 });
    await expect(listUsers({ privilege: 'representative', search: 'ada', pageSize: 10, offSetValue: 10 })).resolves.toEqual({
      rows: [user],
      totalRecords: 11,
    });
    const url = new URL(server.requests[0]!.url);
    expect(url.pathname).toBe('/v1/users');
    expect(Object.fromEntries(url.searchParams)).toEqual({ privilege: 'representative', search: 'ada', pageSize: '10', offSetValue: '10' });
  });

  it('createEmployee posts the employee and returns the stored user', async () => {
    server.answer = () => Response.json({ data: user }, { status: 201 });
    const employee = {
      firstName: 'Ada',
      middleName: null,
      lastName: 'Testperson',
      email: 'ada@example.test',
      password: 'S3cret!pass',
      userInformation,
    };
    await expect(createEmployee(employee)).resolves.toEqual(user);
    expect(await server.requests[0]!.json()).toEqual(employee);
  });

  it('createEmployee with a taken email throws code and field', async () => {
    server.answer = () =>
      Response.json({ message: 'Email already in use', code: 'email_taken', fields: { email: 'Email already in use' } }, { status: 409 });
    const failure = await createEmployee({
      firstName: 'A',
      lastName: 'B',
      email: 'ada@example.test',
      password: 'S3cret!pass',
      userInformation,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'email_taken', fields: { email: 'Email already in use' } });
  });

  it('updateUser puts to /v1/user/{id} and returns the user with the fresh session', async () => {
    server.answer = () => Response.json({ data: user, session: { token: 'jwt-2', expiresIn: '8h' } });
    const changes = { firstName: 'Ada', middleName: null, lastName: 'Testperson', email: 'ada@example.test', userInformation };
    await expect(updateUser('u-7', changes)).resolves.toEqual({ user, session: { token: 'jwt-2', expiresIn: '8h' } });
    const [request] = server.requests;
    expect(`${request!.method} ${new URL(request!.url).pathname}`).toBe('PUT /v1/user/u-7');
  });

  it('updateUser reports invalid_password_format so the form can show its own text (docs/product/people.md)', async () => {
    server.answer = () => Response.json({ message: 'Password format is invalid', code: 'invalid_password_format' }, { status: 400 });
    await expect(
      updateUser('u-7', { firstName: 'A', lastName: 'B', email: 'a@example.test', password: 'short', userInformation }),
    ).rejects.toMatchObject({
      code: 'invalid_password_format',
    });
  });

  it('an error answer without a body still throws, with no body to show', async () => {
    server.answer = () => new Response(null, { status: 500, headers: { 'Content-Length': '0' } });
    const failure = await updateUser('u-7', { firstName: 'A', lastName: 'B', email: 'a@example.test', userInformation }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).body).toBeUndefined();
  });
});
