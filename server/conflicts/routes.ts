// HTTP for an intake's conflict check (docs/product/conflicts.md): every role that opens the intake
// sees the check; only an owner or an administrator records a decision. Bodies are checked against
// openapi.yaml (server/http/openapi.ts) before these handlers run.
import type { FastifyInstance } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import type { ConflictsService } from './service';

export interface ConflictsRoutesOptions {
  conflicts: ConflictsService;
}

export async function conflictsRoutes(app: FastifyInstance, { conflicts }: ConflictsRoutesOptions): Promise<void> {
  app.get<Route<'getIntakeConflicts'>>('/v1/intake/:caseId/conflicts', { config: { access: privileges } }, async (request) => ({
    data: await conflicts.check(callerOf(request), request.params.caseId, request.ip),
  }));

  app.post<Route<'decideIntakeConflicts'>>(
    '/v1/intake/:caseId/conflicts/decision',
    { config: { access: ['owner', 'administrator'] } },
    async (request) => ({
      data: await conflicts.decide(callerOf(request), request.params.caseId, request.body, request.ip),
    }),
  );
}
