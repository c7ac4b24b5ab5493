// HTTP for the client's engagement (docs/product/engagement.md). The firm's terms: every signed-in
// role reads them, owner and administrator change and preview them. A signing link: made by an
// owner, an administrator or the intake's representative (checked in the service against the
// intake's row); its state and the signed file: whoever may open the intake. Public calls: no
// sign-in, the token is the key, the client intake link's cap per address against guessing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import { publicLinkRateLimit } from '../links/oneUseLink';
import type { EngagementService } from './service';

export interface EngagementRoutesOptions {
  engagement: EngagementService;
  /** Per address and minute; false when the app runs without flood caps (some tests). */
  publicRatePerMinute: number | false;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function engagementRoutes(app: FastifyInstance, { engagement, publicRatePerMinute }: EngagementRoutesOptions) {
  app.get<Route<'getEngagementTerms'>>('/v1/firm/engagement-terms', { config: { access: privileges } }, async (request) => ({
    data: await engagement.terms(callerOf(request)),
  }));

  app.put<Route<'updateEngagementTerms'>>(
    '/v1/firm/engagement-terms',
    { config: { access: ['owner', 'administrator'] } },
    async (request) => ({ data: await engagement.updateTerms(callerOf(request), request.body, request.ip) }),
  );

  app.post<Route<'previewEngagementTerms'>>(
    '/v1/firm/engagement-terms/preview',
    { config: { access: ['owner', 'administrator'] } },
    async (request) => ({
      data: await engagement.preview(callerOf(request), request.body.terms, request.body.caseId, request.ip),
    }),
  );

  app.get<Route<'getEngagement'>>('/v1/intake/:caseId/engagement', { config: { access: privileges } }, async (request) => ({
    data: await engagement.status(callerOf(request), request.params.caseId),
  }));

  app.post<Route<'createEngagement'>>('/v1/intake/:caseId/engagement', { config: { access: privileges } }, async (request, reply) => {
    const data = await engagement.createLink(
      callerOf(request),
      request.params.caseId,
      request.body?.delivery ?? 'copy',
      originOf(request),
      request.ip,
    );
    return reply.code(201).send({ data });
  });

  // The answer is the file's bytes, not JSON: only the parameters are typed from the contract.
  app.get<{ Params: Route<'getSignedEngagement'>['Params'] }>(
    '/v1/intake/:caseId/engagement/signed.pdf',
    { config: { access: privileges } },
    async (request, reply) => {
      const { fileName, pdf } = await engagement.download(callerOf(request), request.params.caseId, request.ip);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
    },
  );

  const rateLimit = publicLinkRateLimit(publicRatePerMinute);
  app.get<Route<'openEngagement'>>('/public/v1/engagement/:token', { config: { access: 'public', ...rateLimit } }, async (request) => ({
    data: await engagement.open(request.params.token, request.ip),
  }));

  app.post<Route<'signEngagement'>>('/public/v1/engagement/:token', { config: { access: 'public', ...rateLimit } }, async (request) => ({
    data: await engagement.sign(request.params.token, request.body, {
      address: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  }));
}
