// The real implementations of the lead screens' actors (docs/architecture.md: the app provides them with
// machine.provide; tests mock the fetchers).
import { fromPromise } from 'xstate';
import { checkDuplicate, createLead, listLeads, type CreatedLead, type DuplicateCheck, type LeadRow } from '../../../api/leads';
import type { LeadInput } from '../../../domain/schemas/lead';
import { leadRegistrationMachine } from '../../../machines/leadRegistration.machine';
import type { PageRequest } from '../../../machines/pagination.machine';
import type { Page } from '../../components/PagedTable';

export const appLeadRegistrationMachine = leadRegistrationMachine.provide({
  actors: {
    checkDuplicate: fromPromise<DuplicateCheck, LeadInput>(({ input }) => checkDuplicate(input)),
    createLead: fromPromise<CreatedLead, LeadInput>(({ input }) => createLead(input)),
  },
});

/** One page of the leads list (GET /v1/leads); the list has no filter, only the search text. */
export function loadLeads({ search, pageSize, offset }: PageRequest): Promise<Page<LeadRow>> {
  return listLeads({ search, pageSize, offset });
}
