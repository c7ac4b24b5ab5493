import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useSignedInPrivilege } from '../../app/session';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import * as layout from '../../theme/layout.css';
import { fieldId, FormSelectField, UserFormFields } from '../profile/UserFormFields';
import { assignablePrivilegeOptions } from '../profile/userLabels';
import { appEmployeeFormMachine } from './employeeActors';
import { useMachineActor } from '../../app/inspect';

/** docs/product/people.md, Employee create: the toasts. */
export const EMPLOYEE_TOASTS = {
  creating: 'Creating employee...',
  created: 'Employee created successfully',
  failed: 'Failed to create employee',
} as const;

// One toast that goes from progress to outcome, as react-hot-toast updates a toast with the same id.
const CREATE_TOAST_ID = 'employee-create';
const EMPLOYEES_ROUTE = '/employees';

/** /new-employee (docs/product/people.md Employee Registration, docs/product/people.md Employee create). */
export function NewEmployeePage() {
  const navigate = useNavigate();
  const privilege = useSignedInPrivilege();
  const form = useMachineActor(appEmployeeFormMachine, { input: {} });
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    const subscriptions = [
      form.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus()),
      form.on('creating', () => toast.loading(EMPLOYEE_TOASTS.creating, { id: CREATE_TOAST_ID })),
      // Password and email refusals are under their fields too (docs/product/people.md: "as for profile update").
      form.on('createFailed', () => toast.error(EMPLOYEE_TOASTS.failed, { id: CREATE_TOAST_ID })),
      form.on('created', () => {
        toast.success(EMPLOYEE_TOASTS.created, { id: CREATE_TOAST_ID });
        void navigate(EMPLOYEES_ROUTE);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  }

  return (
    <>
      <PageHeader title="Employee Registration" />
      <form className={layout.panel} noValidate onSubmit={submit} aria-label="Employee Registration">
        <UserFormFields actor={form} passwordRequired>
          <FormSelectField actor={form} field="privilege" label="Privilege" options={assignablePrivilegeOptions(privilege)} required />
        </UserFormFields>
        <div className={layout.formButtons}>
          <Button type="submit" loading={busy}>
            Submit
          </Button>
        </div>
      </form>
    </>
  );
}
