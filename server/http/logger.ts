// Logger settings. Requests carry personal data (names, SSNs, searches) and bearer tokens, so the
// log keeps the method, the path without its query string (and without a client link's token), the status and the time; never a body,
// a header or a query. Errors keep their type, code, message and stack, not their other properties
// (a database error's `detail` may quote the values of a row).
import type { FastifyBaseLogger, FastifyError, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  /** The route that matched (absent on a 404): its pattern names its parameters. */
  routeOptions?: { url?: string };
}

/** Where a client link's token sits: the route's parameter, or whatever follows the page's name. */
const TOKEN_PARAMETER = ':token';
const CLIENT_INTAKE_SEGMENT = 'client-intake';
const TOKEN_MARK = '[token]';
/** Enough to undo an encoding of an encoding; a path still encoded after that is logged decoded that far. */
const DECODE_ROUNDS = 4;

function decoded(path: string): string {
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * A client link's token is a key to an intake: the log names the page or call, never the token,
 * however the address was spelled (docs/product/client-intake.md#the-link). A matched route with a
 * token parameter is logged by its pattern; any other path is read decoded, its slashes collapsed
 * and case ignored, and everything after `client-intake` is dropped. The router decodes and
 * matches more spellings than one pattern could list (`client%2Dintake`, `%2F`, `//`), so the
 * check is made on what the path means, not on how it was written.
 */
export function loggedPath(request: Pick<LoggedRequest, 'url' | 'routeOptions'>): string {
  const route = request.routeOptions?.url;
  if (route?.includes(TOKEN_PARAMETER)) return route.split(TOKEN_PARAMETER).join(TOKEN_MARK);
  const query = request.url.indexOf('?');
  const raw = query === -1 ? request.url : request.url.slice(0, query);
  const plain = decoded(raw).replace(/[\\/]+/g, '/');
  const at = plain.toLowerCase().indexOf(CLIENT_INTAKE_SEGMENT);
  if (at === -1) return raw;
  return `${plain.slice(0, at + CLIENT_INTAKE_SEGMENT.length)}/${TOKEN_MARK}`;
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): Exclude<FastifyServerOptions['logger'], FastifyBaseLogger | boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, url: loggedPath(request), remoteAddress: request.ip }),
      err: (error: FastifyError) => ({
        type: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        message: error.message,
        stack: error.stack ?? '',
      }),
    },
  };
}
