// The creating fetchers send one Idempotency-Key per save attempt (src/api/idempotency.ts): a new
// key for each call, the same key again when the connection was lost and the request is sent
// again, and no retry after an answer (even an error answer: the server decided).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntake } from '../../src/api/intakes';
import { createLead } from '../../src/api/leads';
import { createEmployee } from '../../src/api/users';
import { emptyIntake, toApiIntake } from '../../src/domain/intake';
import { sampleLead } from '../support/sampleLead';
import { fakeServer as server } from './fakeServer';

vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fakeServer')).clientAnsweredByFakeServer(importOriginal, 'token-idempotency'),
);

beforeEach(() => {
  server.requests.length = 0;
});

const saves = [
  ['createIntake', () => createIntake('u-1', toApiIntake(emptyIntake()))],
  ['createLead', () => createLead(sampleLead)],
  [
    'createEmployee',
    () =>
      createEmployee({
        firstName: 'A',
        lastName: 'B',
        email: 'ab@example.test',
        password: 'S3cret!pass',
        userInformation: {
          phoneNumber: null,
          usage: null,
          civilStatus: null,
          gender: null,
          birthDate: null,
          ssn: null,
          ssnStatus: null,
          itin: null,
        },
      }),
  ],
] as const;

describe.each(saves)('%s', (_name, save) => {
  it('sends a new Idempotency-Key with each save attempt', async () => {
    server.answer = () => Response.json({ data: {} }, { status: 201 });
    await save();
    await save();
    const keys = server.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the same key again when the connection was lost, and answers what the retry got', async () => {
    let calls = 0;
    server.answer = () => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return Response.json({ data: { saved: true } }, { status: 201 });
    };
    await expect(save()).resolves.toEqual({ saved: true });
    const keys = server.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not retry after an answer, even an error', async () => {
    server.answer = () => Response.json({ message: 'Unavailable', code: 'database_unavailable' }, { status: 503 });
    await expect(save()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});
