// The real implementations of the employee screens' actors (docs/architecture.md: the app provides them with
// machine.provide; tests mock the fetchers).
import { fromPromise } from 'xstate';
import {
  createEmployee,
  deactivateUser,
  getEmployee,
  listUsers,
  reactivateUser,
  updateEmployee,
  type EmployeeCreateRequest,
  type User,
} from '../../../api/users';
import { privileges } from '../../../domain/enums';
import { employeeEditMachine, type SaveEmployeeInput } from '../../../machines/employeeEdit.machine';
import { employeeFormMachine } from '../../../machines/employeeForm.machine';
import { employeeStatusMachine, type StatusChange } from '../../../machines/employeeStatus.machine';
import type { PageRequest } from '../../../machines/pagination.machine';
import type { Page } from '../../components/PagedTable';

export const appEmployeeFormMachine = employeeFormMachine.provide({
  actors: {
    createEmployee: fromPromise<User, EmployeeCreateRequest>(({ input }) => createEmployee(input)),
  },
});

/** One page of the employee list (docs/product/people.md GET /v1/users): the filter is a privilege. */
export async function loadEmployees({ search, filter, pageSize, offset }: PageRequest): Promise<Page<User>> {
  return listUsers({
    search: search || undefined,
    privilege: privileges.find((privilege) => privilege === filter),
    pageSize,
    offSetValue: offset,
  });
}

/** POST /v1/user/{id}/deactivate or /reactivate. */
export const appEmployeeStatusMachine = employeeStatusMachine.provide({
  actors: {
    changeStatus: fromPromise<unknown, { userId: string; change: StatusChange }>(({ input }) =>
      input.change === 'deactivate' ? deactivateUser(input.userId) : reactivateUser(input.userId),
    ),
  },
});

/** GET and PATCH /v1/users/{id} (docs/product/people.md, Edit employee). */
export const appEmployeeEditMachine = employeeEditMachine.provide({
  actors: {
    loadEmployee: fromPromise<User, { id: string }>(({ input }) => getEmployee(input.id)),
    saveEmployee: fromPromise<User, SaveEmployeeInput>(({ input }) => updateEmployee(input.id, input.body)),
  },
});
