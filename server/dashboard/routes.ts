// HTTP for GET /v1/dashboard (docs/product/dashboard.md): every signed-in role, the caller's own firm.
import type { FastifyInstance } from 'fastify';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import type { DashboardService } from './service';

export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }): Promise<void> {
  app.get<Route<'getDashboard'>>('/v1/dashboard', { config: { access: privileges } }, async (request) => ({
    data: await dashboard.dashboard(callerOf(request)),
  }));
}
