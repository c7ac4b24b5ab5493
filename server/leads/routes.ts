// HTTP for leads (docs/product/leads.md: checkDuplicate and FromLead; docs/architecture.md: GET /v1/leads).
// Every privilege registers and lists leads (docs/product/leads.md "New leads", "leads list").
import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE } from '../../src/domain/constants';
import { privileges } from '../../src/domain/enums';
import { callerOf } from '../auth/plugin';
import type { Route } from '../http/contractTypes';
import type { LeadsService } from './service';

export interface LeadsRoutesOptions {
  leads: LeadsService;
}

export async function leadsRoutes(app: FastifyInstance, { leads }: LeadsRoutesOptions): Promise<void> {
  app.post<Route<'checkDuplicateLead'>>('/cases/v2/checkDuplicate', { config: { access: privileges } }, async (request) => ({
    data: await leads.checkDuplicate(callerOf(request), request.body.neosCasesInformation),
  }));

  app.post<Route<'createLead'>>('/cases/v2/FromLead', { config: { access: privileges } }, async (request, reply) => {
    return reply.sendOnce(201, async () => ({
      data: await leads.createFromLead(callerOf(request), request.body.neosCasesInformation, request.ip),
    }));
  });

  app.get<Route<'listLeads'>>('/v1/leads', { config: { access: privileges } }, async (request) => {
    const { pageSize = PAGE_SIZE, offSetValue = 0, searchFilter } = request.query;
    return { data: await leads.list(callerOf(request), { pageSize, offSetValue, searchFilter }) };
  });
}
