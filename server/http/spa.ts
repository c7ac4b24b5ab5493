// Serves the built client (dist/) beside the API on one port (docs/architecture.md, `npm start`). Client
// routes such as /intake-list exist only in the browser, so a page request for any path that is
// not a file and not the API gets the staff app's page (history fallback): app.html, which preloads
// the routed app's code (scripts/appPage.ts, docs/product/app-shell.md, Direct links), or index.html
// for the login screen and when the build has no app.html. A client's intake link
// (/client-intake/{token}) its own page, client-intake.html, and a signing link (/sign/{token},
// docs/product/engagement.md#screens) sign.html; everything else unknown is a JSON
// 404. Hashed files under /assets never change and are cached for a year; index.html is revalidated
// on every load so a new build is picked up at once. Files go out Brotli- or gzip-compressed when
// the browser accepts it, from copies made at build time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/rate-limit';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_PAGE } from '../../src/domain/session';
import { notFoundBody } from './errors';
import { isApiPath } from './openapi';

const INDEX_FILE = 'index.html';
/** index.html with the routed app's code preloaded: every staff address but the login screen's. */
const APP_FILE = 'app.html';
/** The client's intake page: its own HTML and bundle (docs/product/client-intake.md). */
const CLIENT_INTAKE_FILE = 'client-intake.html';
const CLIENT_INTAKE_PATH = /^\/client-intake\/[^/]*$/;
/** The client's signing page: its own HTML and bundle (docs/product/engagement.md#screens). */
const SIGNING_FILE = 'sign.html';
const SIGNING_PATH = /^\/sign\/[^/]*$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface SpaOptions {
  /** The built client; `false` serves the API alone (tests). */
  staticDir: string | false;
}

function cacheHeaders(root: string) {
  return (response: SetHeadersResponse, file: string): void => {
    const relative = path.relative(root, file);
    const hashedAsset = relative.split(path.sep)[0] === 'assets';
    // The client's pages are answered at an address holding their link's token: no cache keeps them.
    const clientPage = relative === CLIENT_INTAKE_FILE || relative === SIGNING_FILE;
    let cacheControl = 'no-cache';
    if (hashedAsset) cacheControl = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
    else if (clientPage) cacheControl = 'no-store';
    response.setHeader('Cache-Control', cacheControl);
  };
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

async function spaPlugin(app: FastifyInstance, { staticDir }: SpaOptions): Promise<void> {
  const root = staticDir && existsSync(path.join(staticDir, INDEX_FILE)) ? path.resolve(staticDir) : undefined;
  const staffPage = root && existsSync(path.join(root, APP_FILE)) ? APP_FILE : INDEX_FILE;
  if (root) {
    // preCompressed: the .br and .gz copies `vite build` writes beside each file (scripts/precompress.ts)
    // are sent to browsers that accept them; the file itself to the others.
    await app.register(fastifyStatic, { root, cacheControl: false, preCompressed: true, setHeaders: cacheHeaders(root) });
  }

  // Unknown paths count against the flood cap too, so guessing URLs is no way around it.
  const preHandler = app.hasDecorator('rateLimit') ? app.rateLimit() : undefined;
  app.setNotFoundHandler({ preHandler }, (request: FastifyRequest, reply: FastifyReply) => {
    if (root && wantsPage(request)) {
      const pathname = request.url.split('?', 1)[0] ?? '';
      if (CLIENT_INTAKE_PATH.test(pathname)) return reply.sendFile(CLIENT_INTAKE_FILE);
      if (SIGNING_PATH.test(pathname)) return reply.sendFile(SIGNING_FILE);
      // The login screen is drawn from index.html's download alone (docs/product/app-shell.md).
      return reply.sendFile(pathname === LOGIN_PAGE ? INDEX_FILE : staffPage);
    }
    return reply.code(404).type('application/json; charset=utf-8').send(notFoundBody);
  });
}

export const singlePageApp = fp(spaPlugin, { name: 'single-page-app' });
