import { useSelector } from '@xstate/react';
import { privileges, type Privilege } from '../../../domain/enums';
import type { PaginationActor } from '../../components/PagedTable';
import { SelectField } from '../../components/SelectField';

const ALL = 'all';
type FilterChoice = Privilege | typeof ALL;

/** docs/product/people.md Employees: the Privilege column's header dropdown, in this order. */
export const PRIVILEGE_FILTER_OPTIONS: readonly { value: FilterChoice; label: string }[] = [
  { value: ALL, label: 'All Employees' },
  { value: 'administrator', label: 'Administrators' },
  { value: 'representative', label: 'Representatives' },
  { value: 'owner', label: 'Owner' },
];

function isPrivilege(value: string | null): value is Privilege {
  return privileges.some((privilege) => privilege === value);
}

/** The column's name: the filter's label, and each cell's label on a phone. */
export const PRIVILEGE_FILTER_LABEL = 'Privilege';

/** The column title and its filter; 'All Employees' is no filter (null). */
export function PrivilegeFilter({ actor }: { actor: PaginationActor }) {
  const filter = useSelector(actor, (snapshot) => snapshot.context.filter);
  return (
    <SelectField<FilterChoice>
      label={PRIVILEGE_FILTER_LABEL}
      compact
      options={PRIVILEGE_FILTER_OPTIONS}
      value={isPrivilege(filter) ? filter : ALL}
      onChange={(choice) => actor.send({ type: 'filter.change', value: choice === ALL ? null : choice })}
    />
  );
}
