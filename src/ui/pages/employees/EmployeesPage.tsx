import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../api/users';
import { formatLocalDate } from '../../../domain/dates';
import { privilegeLabels } from '../../../domain/enums';
import { fullName } from '../../../domain/formatters';
import { Button } from '../../components/Button';
import { PagedSearchBox, PagedTable, usePagination, type PaginationActor } from '../../components/PagedTable';
import { employeeListToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { PageHeader } from '../../components/PageHeader';
import type { TableColumn } from '../../components/Table';
import { canChangeStatusOf, canEditEmployee } from '../../../domain/session';
import { useMachineActor } from '../../app/inspect';
import { useSignedInUser } from '../../app/session';
import { TABLE_ACTION_HEADER } from '../../components/Table';
import { appEmployeeStatusMachine, loadEmployees } from './employeeActors';
import { StatusButton, StatusConfirmation, type EmployeeStatusActor } from './StatusChange';
import { PRIVILEGE_FILTER_LABEL, PrivilegeFilter } from './PrivilegeFilter';
import { editEmployeePath, paths } from '../../app/paths';

/** docs/product/people.md Employees and docs/product/people.md Employee list load failure: the texts, word for word. */
export const EMPLOYEES_TEXT = {
  empty: 'No users for the desired search.',
  edit: 'Edit',
} as const;

/** openapi.yaml: GET /v1/users takes a search text of at most 100 characters. */
const SEARCH_MAX_LENGTH = 100;

/** The Status column's words for the API's status (docs/product/people.md). */
export const STATUS_LABELS = { Active: 'Active', Deactivated: 'Deactivated' } as const;

type Caller = { id: string; privilege: User['privilege'] } | undefined;

function employeeColumns(
  list: PaginationActor,
  status: EmployeeStatusActor,
  caller: Caller,
  edit: (user: User) => void,
): TableColumn<User>[] {
  return [
    { key: 'name', header: 'Full Name', render: (user) => fullName(user) },
    { key: 'email', header: 'Email Address', render: (user) => user.email },
    {
      key: 'privilege',
      header: <PrivilegeFilter actor={list} />,
      label: PRIVILEGE_FILTER_LABEL,
      render: (user) => privilegeLabels[user.privilege],
    },
    { key: 'createdAt', header: 'Created At', render: (user) => formatLocalDate(user.createdAt) },
    { key: 'status', header: 'Status', render: (user) => STATUS_LABELS[user.status] },
    {
      key: 'statusAction',
      header: TABLE_ACTION_HEADER,
      render: (user) => (
        <>
          {caller && canEditEmployee(caller, user) ? (
            <Button
              tone="secondary"
              size="sm"
              aria-label={`${EMPLOYEES_TEXT.edit} ${fullName(user) ?? user.email}`}
              onClick={() => edit(user)}
            >
              {EMPLOYEES_TEXT.edit}
            </Button>
          ) : null}{' '}
          {caller && canChangeStatusOf(caller, user) ? <StatusButton actor={status} user={user} /> : null}
        </>
      ),
    },
  ];
}

/** /employees (docs/product/people.md Employees). */
export function EmployeesPage() {
  const navigate = useNavigate();
  const list = usePagination(loadEmployees);
  useToastEvents(list, employeeListToasts);
  const status = useMachineActor(appEmployeeStatusMachine);
  const caller = useSignedInUser();

  const reload = useCallback(() => list.send({ type: 'list.reload' }), [list]);

  return (
    <>
      <PageHeader title="Employees">
        <PagedSearchBox actor={list} label="Search employees" maxLength={SEARCH_MAX_LENGTH} />
        <Button onClick={() => void navigate(paths.newEmployee)}>New Employee</Button>
      </PageHeader>
      <PagedTable<User>
        actor={list}
        columns={employeeColumns(list, status, caller, (user) => void navigate(editEmployeePath(user.id)))}
        getRowKey={(user) => user.id}
        emptyText={EMPLOYEES_TEXT.empty}
      />
      <StatusConfirmation actor={status} onChanged={reload} />
    </>
  );
}
