// Logger settings. Requests carry personal data (names, SSNs, searches) and bearer tokens, so the
// log keeps the method, the path without its query string (and without a client link's token), the status and the time; never a body,
// a header or a query. Errors keep their type, code, message and stack, not their other properties
// (a database error's `detail` may quote the values of a row).
//
// One line per request, written when its answer is sent (`RequestLog`): Fastify's default writes
// two, one on arrival and one on completion, which cost an eighth of the server's time on a signed-in
// read (README, Performance). At the production level (`info`) a quick successful answer writes none.
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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
/** The signing page's address, /sign/{token} (docs/product/engagement.md#screens), as a whole segment. */
const SIGNING_SEGMENT = /\/sign(?=\/|$)/;
/** The signing link's public call, /public/v1/engagement/{token}; staff paths (`/v1/intake/{caseId}/engagement`) hold no token. */
const ENGAGEMENT_CALL = /public\/v1\/engagement(?=\/|$)/;
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
 * and case ignored, and everything after `client-intake` (or a `sign` segment, the signing page's
 * /sign/{token}, or `public/v1/engagement`, its calls) is dropped. The router decodes and
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
  if (at !== -1) return `${plain.slice(0, at + CLIENT_INTAKE_SEGMENT.length)}/${TOKEN_MARK}`;
  const call = ENGAGEMENT_CALL.exec(plain.toLowerCase());
  if (call) return `${plain.slice(0, call.index + call[0].length)}/${TOKEN_MARK}`;
  const signing = SIGNING_SEGMENT.exec(plain.toLowerCase());
  if (!signing) return raw;
  return `${plain.slice(0, signing.index + signing[0].length)}/${TOKEN_MARK}`;
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
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: FastifyError) => ({
        type: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        message: error.message,
        stack: error.stack ?? '',
      }),
    },
  };
}

/** An answer taking this long is logged at the production level (`warn`) whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The request log: one line per request once its answer is sent, with the request (method, path as
 * `loggedPath` writes it, address), the status and the time taken. Its level follows the outcome:
 * a failed answer (5xx, or a response stream that broke) `error`, a slow one `warn`, a refused
 * one (4xx) `info`, anything else `debug`, so at the default `LOG_LEVEL=info` a quick 2xx or 3xx
 * writes nothing and `LOG_LEVEL=debug` logs every request.
 */
export class RequestLog extends LogController {
  /** No line on arrival: the request's one line is written with its answer, below. */
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    const status = reply.statusCode;
    const log = reply.log;
    if (error) log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else if (status >= 500) log.error({ req: request, res: reply, responseTime }, 'request failed');
    else if (responseTime >= SLOW_REQUEST_MS) log.warn({ req: request, res: reply, responseTime }, 'slow request');
    else if (status >= 400) log.info({ req: request, res: reply, responseTime }, 'request refused');
    else log.debug({ req: request, res: reply, responseTime }, 'request completed');
  }
}
