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
}

/** A client link's token is a key to an intake: the log names the page or call, never the token. */
const clientTokenInPath = /(\/client-intake\/)[^/?#]+/;

function pathOf(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replace(clientTokenInPath, '$1[token]');
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
      req: (request: LoggedRequest) => ({ method: request.method, url: pathOf(request.url), remoteAddress: request.ip }),
      err: (error: FastifyError) => ({
        type: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        message: error.message,
        stack: error.stack ?? '',
      }),
    },
  };
}
