// The flood caps (README, Decisions): one per signed-in user, and a much higher one per address.
// An office of staff behind one address works on undisturbed; one account flooding is stopped
// without stopping its colleagues.
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from './support/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function staff(count: number): Promise<string[]> {
  const firm = await server!.createFirm();
  const users = await Promise.all(Array.from({ length: count }, () => server!.createUser({ firmId: firm.id })));
  // One after the other: many sign-ins at once from one address meet the sign-in throttle.
  const tokens: string[] = [];
  for (const user of users) tokens.push(await server!.login(user.email, user.password));
  return tokens;
}

describe('flood caps', () => {
  it('an office of 40 behind one address makes 1,400 requests in a minute without a 429', async () => {
    server = await startTestServer('sqlite');
    const tokens = await staff(40);
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        const own: number[] = [];
        for (let index = 0; index < 35; index += 1) {
          const response = await fetch(`${server!.baseUrl}/v1/users/me`, { headers: bearer(token) });
          await response.arrayBuffer();
          own.push(response.status);
        }
        return own;
      }),
    );
    const all = statuses.flat();
    expect(all).toHaveLength(1400);
    expect(all.filter((status) => status !== 200)).toEqual([]);
  });

  it('one user past their cap gets 429 with Retry-After while a colleague at the same address goes on', async () => {
    server = await startTestServer('sqlite', { rateLimitPerUserPerMinute: 5 });
    const [flooder, colleague] = await staff(2);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let index = 0; index < 6; index += 1) {
      last = await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(flooder!) });
      await last.arrayBuffer();
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(colleague!) });
    expect(other.status).toBe(200);
  });
});
