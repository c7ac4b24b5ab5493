// The Activity page's loads (docs/product/activity.md): one page of the firm's trail for the
// pagination machine, and the firm's people for the 'User' filter.
import { fromPromise } from 'xstate';
import { listActivity, type ActivityEntry } from '../../../api/activity';
import { listUsers, type User } from '../../../api/users';
import { activityFiltersOf, activityRange } from '../../../domain/activity';
import type { PageRequest } from '../../../machines/pagination.machine';
import type { Page } from '../../components/PagedTable';

/** The list's search box holds a case ID; its `filter` the header filters (activityFilterText). */
export async function loadActivity({ search, filter, pageSize, offset }: PageRequest): Promise<Page<ActivityEntry>> {
  const filters = activityFiltersOf(filter);
  const { from, to } = activityRange(filters);
  const { rows, totalRecords } = await listActivity({
    pageSize,
    offSetValue: offset,
    caseId: search.trim() || undefined,
    userId: filters.userId || undefined,
    action: filters.action || undefined,
    from,
    to,
  });
  return { rows, totalRecords };
}

/** The most people GET /v1/users answers in one page (openapi.yaml, pageSize). */
const PEOPLE_PAGE_SIZE = 100;

export type FirmPeopleResult = { loaded: true; users: User[] } | { loaded: false };

/** A failed load leaves the 'User' filter with 'All users' only; the trail still shows. */
export const firmPeopleLogic = fromPromise<FirmPeopleResult>(async () => {
  try {
    return { loaded: true, users: (await listUsers({ pageSize: PEOPLE_PAGE_SIZE, offSetValue: 0 })).rows };
  } catch {
    return { loaded: false };
  }
});
