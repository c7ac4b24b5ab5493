import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { employeeFormToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { useNavigate } from 'react-router-dom';
import { useSignedInPrivilege } from '../../app/session';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import * as layout from '../../theme/layout.css';
import { fieldId, FormSelectField, UserFormFields } from '../profile/UserFormFields';
import { assignablePrivilegeOptions } from '../profile/userLabels';
import { appEmployeeFormMachine } from './employeeActors';
import { useMachineActor } from '../../app/inspect';

/** /new-employee (docs/product/people.md Employee Registration, docs/product/people.md Employee create). */
export function NewEmployeePage() {
  const navigate = useNavigate();
  const privilege = useSignedInPrivilege();
  const form = useMachineActor(appEmployeeFormMachine, { input: {} });
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));

  useToastEvents(form, employeeFormToasts);

  useEffect(() => {
    const subscriptions = [
      form.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus()),
      form.on('created', () => void navigate(paths.employees)),
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
