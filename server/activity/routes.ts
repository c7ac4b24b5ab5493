// HTTP for the activity trail (docs/product/activity.md): GET /v1/activity for owner and
// administrator, GET /v1/intake/{caseId}/history for every role that may open the intake.
import type { FastifyInstance } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { privilegedRoles } from '../../src/domain/session';
import { callerOf } from '../auth/plugin';
import type { PageRoute, Route } from '../http/contractTypes';
import type { ActivityService } from './service';

export interface ActivityRoutesOptions {
  activity: ActivityService;
}

export async function activityRoutes(app: FastifyInstance, { activity }: ActivityRoutesOptions): Promise<void> {
  // pageSize and offSetValue have the contract's defaults (10, 0) by the time the handler runs.
  app.get<PageRoute<'listActivity'>>('/v1/activity', { config: { access: privilegedRoles } }, async (request) => ({
    data: await activity.list(callerOf(request), request.query),
  }));

  app.get<Route<'getIntakeHistory'>>('/v1/intake/:caseId/history', { config: { access: privileges } }, async (request) => ({
    data: await activity.intakeHistory(callerOf(request), request.params.caseId),
  }));
}
