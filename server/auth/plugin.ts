// Who may call what (docs/product/sign-in-and-session.md, docs/architecture.md Auth: "Roles are enforced on the server for every
// route"). Every API route declares `config.access`: 'public' or the privileges allowed. A route
// that forgets it stops the server at startup instead of being open by accident.
//
// The check runs in onRequest, before the body is read or validated: an anonymous caller gets 401
// without the server parsing its body, and cannot probe the contract through validation errors.
// It is added to each protected route (not to the whole app) so it runs after the flood cap's own
// route hook: a flood of anonymous requests meets the cap, not only 401s.
//
// A valid signature is not enough: the token names a session, and each request reads that session
// with its user (auth/sessions.ts, one query by primary key). An ended or expired session, a
// deactivated or removed user get 401; the caller's firm and privilege are the database's, so a
// changed privilege takes effect on the next request (docs/product/sign-in-and-session.md).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Privilege } from '../../src/domain/enums';
import { sessionRefusalCodes, type SessionUser } from '../../src/domain/session';
import { ApiError, sendError } from '../http/errors';
import { isApiPath } from '../http/openapi';
import type { UserRecordRow } from '../users/repository';
import type { SessionRefusal, SessionStore } from './sessions';
import { ExpiredToken, type TokenService, type TokenSubject } from './tokens';

export type RouteAccess = 'public' | readonly Privilege[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller, as the database has them now; null on public routes. */
    user: SessionUser | null;
    /** The session of the bearer token (auth/sessions.ts); null on public routes. */
    sessionId: string | null;
    /** The caller's row as the auth check read it (no password hash); null on public routes. */
    callerRecord: UserRecordRow | null;
  }
}

export function unauthenticated(): ApiError {
  return new ApiError(401, 'unauthenticated', 'Authentication required');
}

const refusalMessages: Record<SessionRefusal, string> = {
  signedOut: 'This session was signed out',
  passwordChanged: 'The password was changed: every session of this user has ended',
  emailChanged: 'The email was changed: every session of this user has ended',
  privilegeChanged: 'The privilege was changed: every session of this user has ended',
  expired: 'This session has expired',
  deactivated: 'This account has been deactivated',
};

/**
 * The 401 of a token this server signed whose session no longer opens, with the reason as its
 * code (openapi.yaml, Unauthorized) so the browser can say why (docs/product/sign-in-and-session.md).
 * Only the holder of such a token learns it; every other refusal stays `unauthenticated`.
 */
export function sessionRefused(reason: SessionRefusal | undefined): ApiError {
  return reason === undefined ? unauthenticated() : new ApiError(401, sessionRefusalCodes[reason], refusalMessages[reason]);
}

export function forbidden(): ApiError {
  return new ApiError(403, 'forbidden', 'You are not authorized to perform this action');
}

/** The caller of a route whose access is a privilege list (the auth hook guarantees one). */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller's own row, read with the session: a handler about the caller needs no second read. */
export function callerRecordOf(request: FastifyRequest): UserRecordRow {
  if (!request.callerRecord) throw unauthenticated();
  return request.callerRecord;
}

/** The session of a route whose access is a privilege list. */
export function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthenticated();
  return request.sessionId;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export interface AuthPluginOptions {
  tokens: TokenService;
  sessions: SessionStore;
}

async function authPlugin(app: FastifyInstance, { tokens, sessions }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('callerRecord', null);

  function requirePrivilege(allowed: readonly Privilege[]) {
    return async function checkAccess(request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request);
      let subject: TokenSubject;
      try {
        if (!token) throw unauthenticated();
        subject = await tokens.verify(token);
      } catch (error) {
        // Tampered, unsigned, foreign or malformed: one answer for all. Expired: said below.
        if (!(error instanceof ExpiredToken)) return sendError(reply, unauthenticated());
        // Its session row may be gone (long-expired rows go at a later sign-in): expired all the same.
        const reason = await sessions.refusal(error.subject.sessionId, error.subject.userId);
        return sendError(reply, sessionRefused(reason === 'deactivated' ? reason : 'expired'));
      }
      // Outside the catch: a database that does not answer is a 503, not a 401.
      const caller = await sessions.liveCaller(subject.sessionId, subject.userId);
      // Signed out, ended by a password or email change, expired or deactivated: the 401 says
      // which (a second read, on this path only); a removed user or a foreign session: no reason.
      if (!caller) return sendError(reply, sessionRefused(await sessions.refusal(subject.sessionId, subject.userId)));
      if (!allowed.includes(caller.user.privilege)) return sendError(reply, forbidden());
      request.user = caller.user;
      request.sessionId = subject.sessionId;
      request.callerRecord = caller.record;
    };
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined) {
      if (isApiPath(route.url)) {
        throw new Error(`${String(route.method)} ${route.url} declares no config.access ('public' or a list of privileges)`);
      }
      return;
    }
    if (access === 'public') return;
    const own = route.onRequest;
    route.onRequest = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), requirePrivilege(access)];
  });
}

export const authentication = fp(authPlugin, { name: 'authentication' });
