// The real implementation of the intakes list's `load` actor (docs/architecture.md: the app provides it;
// tests mock the fetcher).
import { listIntakes, type IntakeRow } from '../../../../api/intakes';
import type { PageRequest } from '../../../../machines/pagination.machine';
import type { Page } from '../../../components/PagedTable';
import { isIntakeStatus } from './StatusFilter';

export const INTAKE_LIST_LOAD_FAILED = 'Error fetching intakes';

/**
 * One page of intakes for the signed-in user (docs/product/intake-list.md GET /v1/intake, sent with the
 * caller's userId, docs/product/intake-list.md). A failed load is only logged, nothing is shown (docs/product/intake-list.md); the
 * error still reaches the pagination machine, which empties the table.
 */
export function intakePageLoader(userId: string) {
  return async ({ search, filter, pageSize, offset }: PageRequest): Promise<Page<IntakeRow>> => {
    try {
      return await listIntakes({
        userId,
        pageSize,
        offSetValue: offset,
        searchFilter: search,
        status: isIntakeStatus(filter) ? filter : undefined,
      });
    } catch (error) {
      console.error(INTAKE_LIST_LOAD_FAILED, error);
      throw error;
    }
  };
}
