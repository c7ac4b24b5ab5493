// HTTP for intakes (docs/product/intake-form.md; docs/architecture.md: GET /v1/intake/{caseId}). Every signed-in role lists,
// creates, opens and saves intakes (docs/product/intake-form.md); requests are checked against openapi.yaml
// (server/http/openapi.ts) before these handlers run, so `id` and `generalCaseInformationId`
// never get this far (the contract refuses them, docs/product/intake-form.md).
import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE } from '../../src/domain/constants';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import type { IntakesService } from './service';

export interface IntakesRoutesOptions {
  intakes: IntakesService;
}

export async function intakesRoutes(app: FastifyInstance, { intakes }: IntakesRoutesOptions): Promise<void> {
  app.get<Route<'listIntakes'>>('/v1/intake', { config: { access: privileges } }, async (request) => {
    const { userId, pageSize = PAGE_SIZE, offSetValue = 0, searchFilter, status } = request.query;
    return { data: await intakes.list(callerOf(request), { userId, pageSize, offSetValue, searchFilter, status }) };
  });

  app.get<Route<'getIntake'>>('/v1/intake/:caseId', { config: { access: privileges } }, async (request) => ({
    data: await intakes.get(callerOf(request), request.params.caseId, request.ip),
  }));

  app.post<Route<'createIntake'>>('/v1/intake', { config: { access: privileges } }, async (request, reply) => {
    const { userId, generalCaseInformation } = request.body;
    return reply.sendOnce(201, async () => ({ data: await intakes.create(callerOf(request), userId, generalCaseInformation, request.ip) }));
  });

  // The body is optional (openapi.yaml, RevealRequest): no body means 'show'.
  app.post<Route<'revealIntakeSsn'>>('/v1/intake/:caseId/reveal', { config: { access: privileges } }, async (request) => ({
    data: await intakes.reveal(callerOf(request), request.params.caseId, request.body?.purpose ?? 'show', request.ip),
  }));

  app.patch<Route<'updateIntake'>>('/v1/intake/:caseId', { config: { access: privileges } }, async (request) => {
    const { userId, generalCaseInformation } = request.body;
    return { data: await intakes.update(callerOf(request), request.params.caseId, userId, generalCaseInformation, request.ip) };
  });
}
