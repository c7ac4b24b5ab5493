// The fetcher tests' fake server. The app's client has baseUrl '' (the page's origin), which Node
// cannot resolve: the fetchers get a client with an absolute base address and a fake fetch instead.
// Use from a test file as
//   vi.mock('../../src/api/client', async (importOriginal) =>
//     (await import('./fakeServer')).clientAnsweredByFakeServer(importOriginal, 'token-x'));
// (vi.mock is hoisted above the imports, so the factory loads this module itself).
import type * as ClientModule from '../../src/api/client';

export interface FakeServer {
  /** Every request the client sent, in order. */
  requests: Request[];
  /** What answers the next request; a test sets it before calling a fetcher. */
  answer: (request: Request) => Response;
}

/** One per test file: vitest loads each file's modules afresh. */
export const fakeServer: FakeServer = {
  requests: [],
  answer: () => new Response(null, { status: 500 }),
};

/** The client module with its `api` signing requests with `token` and sending them to `fakeServer`. */
export async function clientAnsweredByFakeServer(
  importOriginal: () => Promise<typeof ClientModule>,
  token: string,
): Promise<typeof ClientModule> {
  const actual = await importOriginal();
  return {
    ...actual,
    api: actual.createApiClient(
      'http://api.test',
      () => token,
      async (request) => {
        fakeServer.requests.push(request);
        return fakeServer.answer(request);
      },
    ),
  };
}
