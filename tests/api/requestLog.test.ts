// The request log (server/http/logger.ts, README Performance): one line per request when its answer
// is sent; at the production level (`info`) a quick success writes none, a refused or failed
// answer and a slow one do; at `debug` every request is logged.
import { Writable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, RequestLog, SLOW_REQUEST_MS } from '../../server/http/logger';
import { bearer, startTestServer, type TestServer } from './support/testServer';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 };

function collector(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { stream, lines };
}

/** The lines written about requests to `url` (the request log's lines name their request). */
function linesAbout(lines: readonly LogLine[], url: string): LogLine[] {
  return lines.filter((line) => line.req?.url === url);
}

describe.each(['info', 'debug'] as const)('request log at level %s', (level) => {
  let server: TestServer;
  let token: string;
  const log = collector();

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      logLevel: level,
      logStream: log.stream,
      beforeListen: (app) => {
        app.post('/test-only/fail', { config: { access: 'public' } }, async () => {
          throw new Error('Simulated failure in a handler');
        });
      },
    });
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id, privilege: 'owner' });
    token = await server.login(user.email, user.password);
  });

  afterAll(() => server?.close());

  it(level === 'info' ? 'writes no line for a quick success' : 'writes one line for a quick success', async () => {
    const response = await fetch(`${server.baseUrl}/v1/users/me`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    await expect.poll(() => linesAbout(log.lines, '/v1/users/me').length).toBe(level === 'info' ? 0 : 1);
    if (level === 'debug') {
      expect(linesAbout(log.lines, '/v1/users/me')[0]).toMatchObject({
        level: LEVEL.debug,
        msg: 'request completed',
        req: { method: 'GET', url: '/v1/users/me' },
        res: { statusCode: 200 },
      });
    }
    // Fastify's own line on arrival is not written.
    expect(log.lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('writes one line for a refused request, with its path, status and time', async () => {
    const response = await fetch(`${server.baseUrl}/v1/users?search=Jane`);
    expect(response.status).toBe(401);
    await expect.poll(() => linesAbout(log.lines, '/v1/users')).toHaveLength(1);
    const [line] = linesAbout(log.lines, '/v1/users');
    expect(line).toMatchObject({ level: LEVEL.info, msg: 'request refused', req: { method: 'GET' }, res: { statusCode: 401 } });
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('writes a failed request at the error level', async () => {
    const response = await fetch(`${server.baseUrl}/test-only/fail`, { method: 'POST' });
    expect(response.status).toBe(500);
    await expect
      .poll(() => linesAbout(log.lines, '/test-only/fail').map((line) => [line.level, line.msg]))
      .toEqual([[LEVEL.error, 'request failed']]);
  });
});

describe('a slow answer', () => {
  it(`is logged at the warn level, whatever its status, once it took ${SLOW_REQUEST_MS} ms`, () => {
    const log = collector();
    // The logger the app makes of these options.
    const logger = Fastify({ logger: loggerOptions('info', log.stream) }).log;
    const request = { method: 'GET', url: '/v1/intake?searchFilter=Jane', ip: '127.0.0.1', routeOptions: { url: '/v1/intake' } };
    const answered = (elapsedTime: number) => ({ statusCode: 200, elapsedTime, log: logger }) as unknown as FastifyReply;
    const requestLog = new RequestLog();
    requestLog.requestCompleted(null, request as unknown as FastifyRequest, answered(SLOW_REQUEST_MS - 1));
    requestLog.requestCompleted(null, request as unknown as FastifyRequest, answered(SLOW_REQUEST_MS));
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: LEVEL.warn,
        msg: 'slow request',
        // The query stays out of the log, as on every line (server/http/logger.ts).
        req: { method: 'GET', url: '/v1/intake', remoteAddress: '127.0.0.1' },
        responseTime: SLOW_REQUEST_MS,
      }),
    ]);
  });
});
