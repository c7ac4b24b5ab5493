// Logger settings. Requests carry personal data (names, SSNs, searches) and bearer tokens, so the
// log keeps the method, the path without its query string (and without any link's token), the status and the time; never a body,
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

/** Where a token sits: the route's parameter, or whatever follows the name of a page or call that takes one. */
const TOKEN_PARAMETER = ':token';
/**
 * What a token follows, in the lowercased path: the client link's page and calls
 * (docs/product/client-intake.md#the-link), the password reset's page and call
 * (docs/product/sign-in-and-session.md, Password reset), the signing page /sign/{token} as a whole
 * segment and its public call (docs/product/engagement.md); staff paths such as
 * `/v1/intake/{caseId}/engagement` hold no token.
 */
const TOKEN_SEGMENTS = [/client-intake/, /reset-password/, /password-reset/, /public\/v1\/engagement(?=\/|$)/, /\/sign(?=\/|$)/];
const TOKEN_MARK = '[token]';
/** Enough to undo an encoding of an encoding; a path still encoded after that is logged decoded that far. */
const DECODE_ROUNDS = 4;

/** Where the first token segment ends in the lowercased path, or -1 without one. */
function tokenSegmentEnd(lowered: string): number {
  let end = -1;
  for (const segment of TOKEN_SEGMENTS) {
    const match = segment.exec(lowered);
    if (match && (end === -1 || match.index + match[0].length < end)) end = match.index + match[0].length;
  }
  return end;
}

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
 * A token (a client link's, a password reset's, a signing link's) is a key: the log names the page
 * or call, never the token, however the address was spelled. A matched route with a token
 * parameter is logged by its pattern; any other path is read decoded, its slashes collapsed and
 * case ignored, and everything after a token segment (TOKEN_SEGMENTS) is dropped. The router
 * decodes and matches more spellings than one pattern could list (`client%2Dintake`, `%2F`, `//`),
 * so the check is made on what the path means, not on how it was written. A path that ends at the
 * segment (`/public/v1/password-reset`, `/v1/users/{id}/password-reset`) carries no token and is
 * logged as it is.
 */
export function loggedPath(request: Pick<LoggedRequest, 'url' | 'routeOptions'>): string {
  const route = request.routeOptions?.url;
  if (route?.includes(TOKEN_PARAMETER)) return route.split(TOKEN_PARAMETER).join(TOKEN_MARK);
  const query = request.url.indexOf('?');
  const raw = query === -1 ? request.url : request.url.slice(0, query);
  const plain = decoded(raw).replace(/[\\/]+/g, '/');
  const end = tokenSegmentEnd(plain.toLowerCase());
  if (end === -1) return raw;
  if (plain.slice(end).replace(/\//g, '') === '') return raw;
  return `${plain.slice(0, end)}/${TOKEN_MARK}`;
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
