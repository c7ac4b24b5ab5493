// Who may call what (staff-app spec §6, DESIGN.md Auth: "Roles are enforced on the server for every
// route"). Every API route declares `config.access`: 'public' or the privileges allowed. A route
// that forgets it stops the server at startup instead of being open by accident.
//
// The check runs in onRequest, before the body is read or validated: an anonymous caller gets 401
// without the server parsing its body, and cannot probe the contract through validation errors.
// It is added to each protected route (not to the whole app) so it runs after the flood cap's own
// route hook: a flood of anonymous requests meets the cap, not only 401s.
//
// The token is trusted for its 8 hours without a database read per request: no call of the spec
// deletes a user or changes a privilege. Handlers that read the caller's own row (GET /v1/users/me)
// answer 401 when it is gone.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Privilege } from '../../src/domain/enums';
import type { SessionUser } from '../../src/domain/session';
import { ApiError, sendError } from '../http/errors';
import { isApiPath } from '../http/openapi';
import type { TokenService } from './tokens';

export type RouteAccess = 'public' | readonly Privilege[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in caller, from a valid bearer token; null on public routes. */
    user: SessionUser | null;
  }
}

export function unauthenticated(): ApiError {
  return new ApiError(401, 'unauthenticated', 'Authentication required');
}

export function forbidden(): ApiError {
  return new ApiError(403, 'forbidden', 'You are not authorized to perform this action');
}

/** The caller of a route whose access is a privilege list (the auth hook guarantees one). */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export interface AuthPluginOptions {
  tokens: TokenService;
}

async function authPlugin(app: FastifyInstance, { tokens }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);

  function requirePrivilege(allowed: readonly Privilege[]) {
    return async function checkAccess(request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request);
      let user: SessionUser;
      try {
        if (!token) throw unauthenticated();
        user = await tokens.verify(token);
      } catch {
        // Tampered, expired, unsigned, foreign or malformed: one answer for all.
        return sendError(reply, unauthenticated());
      }
      if (!allowed.includes(user.privilege)) return sendError(reply, forbidden());
      request.user = user;
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
