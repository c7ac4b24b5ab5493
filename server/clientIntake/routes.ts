// HTTP for the client's part of an intake (docs/product/client-intake.md). Staff calls: whoever
// may open the intake (every signed-in role, checked against the database like every route).
// Public calls: no sign-in, the token is the key, a low cap per address (PUBLIC_RATE_PER_MINUTE)
// against guessing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import { publicLinkRateLimit } from '../links/oneUseLink';
import type { ClientIntakeService } from './service';

/** Calls per address per minute on each public route: a person filling a form makes a handful. */
export const PUBLIC_RATE_PER_MINUTE = 30;

export interface ClientIntakeRoutesOptions {
  clientIntake: ClientIntakeService;
  /** Per address and minute; false when the app runs without flood caps (some tests). */
  publicRatePerMinute: number | false;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function clientIntakeRoutes(app: FastifyInstance, { clientIntake, publicRatePerMinute }: ClientIntakeRoutesOptions) {
  app.get<Route<'getClientLink'>>('/v1/intake/:caseId/client-link', { config: { access: privileges } }, async (request) => ({
    data: await clientIntake.status(callerOf(request), request.params.caseId),
  }));

  app.post<Route<'createClientLink'>>('/v1/intake/:caseId/client-link', { config: { access: privileges } }, async (request, reply) => {
    const data = await clientIntake.createLink(
      callerOf(request),
      request.params.caseId,
      request.body?.delivery ?? 'copy',
      originOf(request),
      request.ip,
    );
    return reply.code(201).send({ data });
  });

  app.get<Route<'getClientAnswers'>>('/v1/intake/:caseId/client-answers', { config: { access: privileges } }, async (request) => ({
    data: await clientIntake.answers(callerOf(request), request.params.caseId),
  }));

  const rateLimit = publicLinkRateLimit(publicRatePerMinute);
  app.get<Route<'openClientIntake'>>(
    '/public/v1/client-intake/:token',
    { config: { access: 'public', ...rateLimit } },
    async (request) => ({ data: await clientIntake.open(request.params.token, request.ip) }),
  );

  app.post<Route<'submitClientIntake'>>(
    '/public/v1/client-intake/:token',
    { config: { access: 'public', ...rateLimit } },
    async (request) => ({
      data: await clientIntake.submit(request.params.token, request.body, {
        address: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );
}
