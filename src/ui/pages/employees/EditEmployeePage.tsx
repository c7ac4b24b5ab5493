import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { employeeEditToasts } from '../../app/factToasts';
import { useMachineActor } from '../../app/inspect';
import { paths } from '../../app/paths';
import { useSignedInPrivilege } from '../../app/session';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { PLEASE_WAIT } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import * as layout from '../../theme/layout.css';
import { EMAIL_MAX_LENGTH, fieldId, FormSelectField, FormTextField, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../profile/UserFormFields';
import { assignablePrivilegeOptions } from '../profile/userLabels';
import { appEmployeeEditMachine } from './employeeActors';
import { EmployeeResetLink } from './EmployeeResetLink';
import { SecondFactorReset } from './SecondFactorReset';

/** The page's own texts (docs/product/people.md, Edit employee). */
export const EDIT_EMPLOYEE_TEXT = {
  title: 'Edit Employee',
  loadFailed: 'This employee could not be loaded, so they cannot be edited.',
  retry: 'Try again',
  back: 'Back to Employees',
  discard: 'Discard',
  save: 'Save Changes',
} as const;

/** /edit-employee/:id: an owner or administrator changes another employee's names, email, phone and privilege. */
export function EditEmployeePage() {
  const { id = '' } = useParams();
  return <EditEmployeeForm key={id} employeeId={id} />;
}

function EditEmployeeForm({ employeeId }: { employeeId: string }) {
  const navigate = useNavigate();
  const privilege = useSignedInPrivilege();
  const form = useMachineActor(appEmployeeEditMachine, { input: { employeeId } });
  const loading = useSelector(form, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(form, (snapshot) => snapshot.matches('loadFailed'));
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const name = useSelector(form, (snapshot) => snapshot.context.name);

  useToastEvents(form, employeeEditToasts);

  useEffect(() => {
    const subscriptions = [
      form.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus()),
      form.on('saved', () => void navigate(paths.employees)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  }

  return (
    <>
      <PageHeader title={name ? `${EDIT_EMPLOYEE_TEXT.title}: ${name}` : EDIT_EMPLOYEE_TEXT.title} />
      {loading && (
        <p className={layout.statusMessage} role="status">
          {PLEASE_WAIT}
        </p>
      )}
      {loadFailed && (
        <div role="alert">
          <p className={layout.statusMessage}>{EDIT_EMPLOYEE_TEXT.loadFailed}</p>
          <Button tone="secondary" onClick={() => form.send({ type: 'employee.reload' })}>
            {EDIT_EMPLOYEE_TEXT.retry}
          </Button>{' '}
          <Button tone="secondary" onClick={() => void navigate(paths.employees)}>
            {EDIT_EMPLOYEE_TEXT.back}
          </Button>
        </div>
      )}
      {!loading && !loadFailed && (
        <form className={layout.panel} noValidate onSubmit={submit} aria-label={EDIT_EMPLOYEE_TEXT.title}>
          <div className={layout.formGrid}>
            <FormTextField actor={form} field="firstName" label="First Name" required autoComplete="off" maxLength={NAME_MAX_LENGTH} />
            <FormTextField actor={form} field="middleName" label="Middle Name" autoComplete="off" maxLength={NAME_MAX_LENGTH} />
            <FormTextField actor={form} field="lastName" label="Last Name" required autoComplete="off" maxLength={NAME_MAX_LENGTH} />
            <FormTextField actor={form} field="email" label="Email" type="email" required autoComplete="off" maxLength={EMAIL_MAX_LENGTH} />
            <FormTextField
              actor={form}
              field="userInformation.phoneNumber"
              label="Phone Number"
              type="tel"
              autoComplete="off"
              maxLength={PHONE_MAX_LENGTH}
            />
            <FormSelectField actor={form} field="privilege" label="Privilege" options={assignablePrivilegeOptions(privilege)} required />
          </div>
          <div className={layout.formButtons}>
            <Button tone="secondary" onClick={() => void navigate(paths.employees)} disabled={busy}>
              {EDIT_EMPLOYEE_TEXT.discard}
            </Button>
            <Button type="submit" loading={busy}>
              {EDIT_EMPLOYEE_TEXT.save}
            </Button>
          </div>
        </form>
      )}
      {!loading && !loadFailed && <EmployeeResetLink employeeId={employeeId} />}
      {!loading && !loadFailed && <SecondFactorReset employeeId={employeeId} />}
    </>
  );
}
