import { useSelector } from '@xstate/react';
import { intakeStatuses, type IntakeStatus } from '../../../../domain/enums';
import type { PaginationActor } from '../../../components/PagedTable';
import { SelectField } from '../../../components/SelectField';

const ALL = 'all';
type StatusChoice = IntakeStatus | typeof ALL;

/** docs/product/intake-list.md Intakes list: the Status column header's dropdown, in this order. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusChoice; label: string }[] = [
  { value: ALL, label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'final', label: 'Final' },
];

/** The column's name: the filter's label, and each cell's label on a phone. */
export const STATUS_FILTER_LABEL = 'Status';

export function isIntakeStatus(value: string | null): value is IntakeStatus {
  return intakeStatuses.some((status) => status === value);
}

/** The column title and its filter; 'All' is no filter (null), docs/product/intake-list.md "draft, final (plus All)". */
export function StatusFilter({ actor }: { actor: PaginationActor }) {
  const filter = useSelector(actor, (snapshot) => snapshot.context.filter);
  return (
    <SelectField<StatusChoice>
      label={STATUS_FILTER_LABEL}
      compact
      options={STATUS_FILTER_OPTIONS}
      value={isIntakeStatus(filter) ? filter : ALL}
      onChange={(choice) => actor.send({ type: 'filter.change', value: choice === ALL ? null : choice })}
    />
  );
}
