// HTTP for /v1/firm (docs/architecture.md: the firm read and update the spec needs but does not show).
// Everyone reads their own firm; only owner and administrator edit it (docs/product/firm-and-neos.md "edit
// firm").
import type { FastifyInstance } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import type { FirmsService } from './service';

export interface FirmsRoutesOptions {
  firms: FirmsService;
}

export async function firmsRoutes(app: FastifyInstance, { firms }: FirmsRoutesOptions): Promise<void> {
  app.get<Route<'getFirm'>>('/v1/firm', { config: { access: privileges } }, async (request) => ({
    data: await firms.currentFirm(callerOf(request)),
  }));

  app.put<Route<'updateFirm'>>('/v1/firm', { config: { access: ['owner', 'administrator'] } }, async (request) => ({
    data: await firms.updateCurrentFirm(callerOf(request), request.body, request.ip),
  }));
}
