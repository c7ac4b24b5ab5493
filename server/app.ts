// The Fastify application, without listening (start.ts listens; tests listen on port 0). Plugins
// are registered in the order a request meets them: error shape, security headers, flood cap,
// authentication, then the routes and finally the single-page app. The contract (request and
// answer schemas from openapi.yaml) is registered before the first route so every route gets its
// schemas; Fastify checks a request's after the flood cap and authentication all the same.
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { activityRoutes } from './activity/routes';
import { createActivityService } from './activity/service';
import { DEFAULT_ACTIVITY_RETENTION_DAYS, startActivityRetention, type RetentionJob } from './activity/retention';
import { createDeviceCookies } from './auth/deviceCookie';
import { createEmailHasher } from './auth/emailHash';
import { createLoginThrottle, type LoginThrottleSettings } from './auth/loginThrottle';
import { authentication } from './auth/plugin';
import { createSessionStore } from './auth/sessions';
import { createTokenService } from './auth/tokens';
import { DEFAULT_REQUEST_TIMEOUT_MS, defaultStaticDir } from './config';
import { clientIntakeRoutes, PUBLIC_RATE_PER_MINUTE } from './clientIntake/routes';
import type { Mailer } from './clientIntake/mailer';
import { createClientIntakeService, DEFAULT_CLIENT_LINK_DAYS } from './clientIntake/service';
import { createCredentialsCipher } from './crypto/credentialsCipher';
import { createPiiCipher, type PiiCipher } from './crypto/piiCipher';
import { newKeyId, newSecret } from './crypto/piiKeys';
import type { Database } from './db/database';
import { dashboardRoutes } from './dashboard/routes';
import { createDashboardService } from './dashboard/service';
import { firmsRoutes } from './firms/routes';
import { engagementRoutes } from './engagement/routes';
import { createEngagementService, DEFAULT_ENGAGEMENT_LINK_DAYS } from './engagement/service';
import type { SigningCertificate } from './engagement/signingCertificate';
import { createFirmsService } from './firms/service';
import { apiDocsRoutes } from './http/docs';
import { healthChecks } from './http/health';
import { idempotency } from './http/idempotency';
import { addSecurityHeaders } from './http/securityHeaders';
import { whenDurable } from './db/sqliteDurableCommits';
import { scopedDatabase } from './db/transactionScope';
import { ApiError, notFound, registerErrorHandler, sendError } from './http/errors';
import { loggerOptions, RequestLog } from './http/logger';
import { loadOpenApi, openApiValidation } from './http/openapi';
import { singlePageApp } from './http/spa';
import { conflictsRoutes } from './conflicts/routes';
import { createConflictsService } from './conflicts/service';
import { intakesRoutes } from './intakes/routes';
import { createIntakesService } from './intakes/service';
import { leadsRoutes } from './leads/routes';
import { createLeadsService } from './leads/service';
import { createNeosClient } from './neos/client';
import { neosRoutes } from './neos/routes';
import { usersRoutes } from './users/routes';
import { RESET_PAGE } from '../src/domain/passwordReset';
import { createPasswordResetService } from './users/passwordResetService';
import { createPasskeyService } from './users/passkeyService';
import { createSecondFactorService } from './users/secondFactorService';
import { createUsersService } from './users/service';

export interface AppOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  /** The built client; `false` serves the API alone. Default: dist/ of the project. */
  staticDir?: string | false;
  /** Pino level; without it nothing is logged (tests). */
  logLevel?: string;
  /** Where log lines go; standard output by default. */
  logStream?: DestinationStream;
  /** Requests per address per minute before 429, signed in or not (a flood cap, not the login throttle); false turns both caps off. */
  rateLimitPerMinute?: number | false;
  /** Requests per signed-in user per minute before 429, wherever they come from. */
  rateLimitPerUserPerMinute?: number;
  loginThrottle?: Partial<LoginThrottleSettings>;
  bodyLimit?: number;
  /** A request whose headers and body have not all arrived by then is answered 408 and closed. */
  requestTimeoutMs?: number;
  trustProxy?: boolean | string;
  openApiFile?: string;
  /** Tests: an answer off the contract becomes a 500 naming the difference (http/openapi.ts). */
  checkAnswers?: boolean;
  /** NEOS_API_URL (start.ts points it at the sandbox in demo mode); without it Neos calls answer 502. */
  neosApiUrl?: string;
  neosTimeoutMs?: number;
  /**
   * The secret integration credentials are sealed with (server/crypto/credentialsCipher.ts).
   * start.ts always passes the persistent one; without it a random key lives as long as this
   * app, which suits tests only, since stored credentials would not open after a restart.
   */
  credentialsKey?: string;
  /**
   * Seals SSN/ITIN (server/crypto/piiCipher.ts). start.ts passes the persistent one (PII_KEYS,
   * PII_KEY or DATA_DIR/pii-keys); without it a random key lives as long as this app (tests).
   */
  piiCipher?: PiiCipher;
  /** ACTIVITY_RETENTION_DAYS: rows of the activity trail older than this are deleted (at start, then daily). */
  activityRetentionDays?: number;
  /** CLIENT_LINK_DAYS: how long a client link stays open (docs/product/client-intake.md). */
  clientLinkDays?: number;
  /** PUBLIC_URL: the origin client links point at; without it, the origin staff called. */
  publicUrl?: string;
  /** Calls per address per minute on each public client-intake route (default PUBLIC_RATE_PER_MINUTE). */
  publicRatePerMinute?: number;
  /** Sends client links by email (SMTP_URL); without it staff copy links only. */
  mailer?: Mailer;
  /** ENGAGEMENT_LINK_DAYS: how long a signing link stays open (docs/product/engagement.md). */
  engagementLinkDays?: number;
  /**
   * Seals signed engagements (server/engagement/signingCertificate.ts). start.ts passes the
   * configured or DATA_DIR one; without it a self-signed one made for this process seals (tests).
   */
  signingCertificate?: SigningCertificate;
  /** start.ts: true once shutdown began, so GET /ready sends the load balancer elsewhere. */
  isClosing?: () => boolean;
}

/**
 * The flood caps (README, Decisions). Per signed-in user: a person clicking through the app stays
 * far below it, a script flooding with one account does not. Per address, much higher: a whole
 * office behind one address (NAT, a proxy) shares it, so it only stops floods, anonymous ones above all.
 */
export const DEFAULT_RATE_LIMIT_PER_USER_PER_MINUTE = 1200;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 12_000;
/** Large enough that an oversized field reaches validation and gets a field message (a 1 MB string). */
export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

// The built app's needs, no more. style-src allows 'unsafe-inline' because react-hot-toast injects
// a <style> tag at runtime; scripts stay 'self' only. blob: workers and images serve the PDF viewer
// (pdf.js) and the generated PDF preview.
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

const privatePrefixes = ['/v1/', '/cases/', '/neos/', '/public/'];

function isPrivatePath(url: string): boolean {
  return privatePrefixes.some((prefix) => url.startsWith(prefix)) || ['/v1', '/cases', '/neos', '/public'].includes(url.split('?')[0]!);
}

/**
 * The reset link's page (docs/product/sign-in-and-session.md, Password reset) is answered at an
 * address holding the link's token: no cache keeps it, and no Referer carries the address on.
 */
function isResetPage(url: string): boolean {
  let path = url.split('?', 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as it came: the router answers such a path 400 anyway.
  }
  return path.toLowerCase().replace(/\/+/g, '/').startsWith(RESET_PAGE);
}

function temporaryKeyring() {
  const id = newKeyId();
  return { current: id, keys: { [id]: newSecret() } };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel ? loggerOptions(options.logLevel, options.logStream) : false,
    logController: new RequestLog(),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // A client that stops sending halfway is cut off: requestTimeout bounds the whole request,
    // connectionTimeout a socket on which nothing moves.
    requestTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    connectionTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    // Requests still in flight at close get the time they need; idle keep-alive sockets are closed.
    forceCloseConnections: 'idle',
    // A URL the router cannot decode is the client's mistake: same error body as any other 400.
    // A path segment longer than any route takes (100 characters) matches no route: the 404 of an
    // unknown path, as a GET already gets it from the static files' fallback, so that a client
    // link's overlong token answers alike on both its calls (docs/product/client-intake.md#public-calls).
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') sendError(reply, notFound());
      else sendError(reply, new ApiError(400, 'bad_request', 'Bad request'));
    },
  });

  // The API speaks JSON only; Fastify's default text/plain parser would let a wrong content type
  // through to validation with a misleading message.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  // Private answers stay out of shared browser and proxy caches (README, Encryption at rest): every
  // API answer, errors included. A root hook, so it sees replies of every plugin and the 404s too;
  // a callback rather than an async function, which would cost every answer a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivatePath(request.url)) reply.header('Cache-Control', 'no-store');
    else if (isResetPage(request.url)) reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    done(null, payload);
  });

  // No answer tells of a SQLite commit before it is flushed to disk (db/sqliteDurableCommits.ts):
  // the flush runs beside the server and concurrent answers share it. Nothing waits on PostgreSQL,
  // nor when every commit is flushed already. A 5xx tells of no commit (and is the flush's own failure).
  const { db } = options;
  app.addHook('onSend', (_request, reply, payload, done) => {
    const flushing = reply.statusCode >= 500 ? undefined : whenDurable(db);
    if (!flushing) done(null, payload);
    else flushing.then(() => done(null, payload), done);
  });

  // Shutting down (start.ts): each answer ends its keep-alive connection, so that no socket stays open idle.
  const { isClosing } = options;
  if (isClosing) {
    // A callback, like the hooks above: an async hook would cost every answer a promise.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isClosing()) reply.header('Connection', 'close');
      done(null, payload);
    });
  }

  addSecurityHeaders(app, { contentSecurityPolicy, xFrameOptions: { action: 'deny' } });
  // The contract's schemas attach to routes as they are added (http/openapi.ts), so it comes before
  // every route, the probes included; at request time it only validates, after the flood caps.
  await app.register(openApiValidation, { document: await loadOpenApi(options.openApiFile), checkAnswers: options.checkAnswers });
  // Before the flood caps: a load balancer's probes are never throttled.
  await app.register(healthChecks, { db: options.db, isClosing: options.isClosing });

  // Per instance and in memory on purpose: they only cap floods against this process. The login
  // throttle, which must hold across instances, lives in the database (auth/loginThrottle.ts).
  // The address cap runs first (onRequest), before a token is even read; the user cap runs once the
  // caller is known (preHandler, after authentication), keyed on the user, not the address.
  const perMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (perMinute !== false) {
    await app.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: 60_000,
      errorResponseBuilder: () => new ApiError(429, 'rate_limited', 'Too many requests. Try again later.'),
    });
    // A second registration: each keeps its own 'already counted' mark, so both caps apply.
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      max: options.rateLimitPerUserPerMinute ?? DEFAULT_RATE_LIMIT_PER_USER_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `user:${request.user?.id ?? ''}`,
      allowList: (request) => !request.user,
      errorResponseBuilder: () => new ApiError(429, 'rate_limited', 'Too many requests. Try again later.'),
    });
  }

  const tokens = createTokenService(options.jwtSecret);
  const sessions = createSessionStore(options.db);
  await app.register(authentication, { tokens, sessions });

  const pii = options.piiCipher ?? createPiiCipher(temporaryKeyring());
  // The sign-in's device cookie (auth/deviceCookie.ts) is the only cookie: no hook parses the Cookie
  // header of every request; the sign-in route parses its own.
  await app.register(cookie, { hook: false });
  const throttle = createLoginThrottle(options.db, options.loginThrottle);
  // One rule (docs/architecture.md, API and server: Request transaction): every service is given the scoped
  // database, which sends its queries into the request's transaction while one is open (an
  // Idempotency-Key, http/idempotency.ts) and to the database otherwise. Only what opens that
  // transaction or works outside requests (the session check, the sign-in counters, retention)
  // holds the database itself.
  const scoped = scopedDatabase(options.db);
  await app.register(idempotency, { db: options.db });
  const devices = createDeviceCookies(options.jwtSecret);
  const secondFactors = createSecondFactorService({ db: scoped, pii, throttle });
  // Not the scoped database: an emailed link is stored after its request's answer.
  const passwordResets = createPasswordResetService({
    db: options.db,
    sessions,
    throttle,
    devices,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    now: () => throttle.settings.now(),
    // The error's code only: a mail server's refusal can quote the address.
    onBackgroundError: (error) =>
      app.log.error({ code: (error as { code?: unknown } | undefined)?.code }, 'Emailing a password reset link failed'),
  });
  app.addHook('onClose', async () => passwordResets.settled());
  const users = createUsersService({
    db: scoped,
    tokens,
    sessions,
    throttle,
    devices,
    emailHash: createEmailHasher(options.jwtSecret),
    pii,
    secondFactors,
    passwordResets,
  });
  const passkeys = createPasskeyService({ db: scoped, throttle });
  const publicRatePerMinute = perMinute === false ? false : (options.publicRatePerMinute ?? PUBLIC_RATE_PER_MINUTE);
  await app.register(usersRoutes, { users, secondFactors, passwordResets, passkeys, publicRatePerMinute, publicUrl: options.publicUrl });
  await app.register(apiDocsRoutes, { openApiFile: options.openApiFile });
  await app.register(intakesRoutes, { intakes: createIntakesService({ db: scoped, pii }) });
  await app.register(conflictsRoutes, { conflicts: createConflictsService({ db: scoped }) });
  const neos = createNeosClient({ baseUrl: options.neosApiUrl, timeoutMs: options.neosTimeoutMs });
  const cipher = createCredentialsCipher(options.credentialsKey ?? randomBytes(48).toString('base64url'));
  await app.register(activityRoutes, { activity: createActivityService({ db: scoped }) });
  await app.register(leadsRoutes, { leads: createLeadsService({ db: scoped }) });
  await app.register(firmsRoutes, { firms: createFirmsService({ db: scoped, neos, cipher }) });
  await app.register(neosRoutes, { neos });
  await app.register(clientIntakeRoutes, {
    clientIntake: createClientIntakeService({
      db: scoped,
      linkDays: options.clientLinkDays ?? DEFAULT_CLIENT_LINK_DAYS,
      publicUrl: options.publicUrl,
      mailer: options.mailer,
    }),
    publicRatePerMinute,
  });
  await app.register(engagementRoutes, {
    engagement: createEngagementService({
      db: scoped,
      pii,
      certificate: options.signingCertificate,
      linkDays: options.engagementLinkDays ?? DEFAULT_ENGAGEMENT_LINK_DAYS,
      publicUrl: options.publicUrl,
      mailer: options.mailer,
    }),
    publicRatePerMinute: perMinute === false ? false : (options.publicRatePerMinute ?? PUBLIC_RATE_PER_MINUTE),
  });
  await app.register(dashboardRoutes, { dashboard: createDashboardService({ db: scoped }) });

  // Retention of the activity trail (server/activity/retention.ts): when the app is ready, then daily.
  let retention: RetentionJob | undefined;
  app.addHook('onReady', async () => {
    retention = await startActivityRetention(options.db, options.activityRetentionDays ?? DEFAULT_ACTIVITY_RETENTION_DAYS, (error) =>
      app.log.error({ err: error }, 'Deleting expired activity failed'),
    );
  });
  app.addHook('onClose', async () => retention?.stop());

  await app.register(singlePageApp, { staticDir: options.staticDir ?? defaultStaticDir });
  return app;
}
