import { Outlet } from 'react-router-dom';
import { canManageEmployees } from '../../domain/session';
import { Layout } from '../components/Layout';
import { useSessionActor, useSignedInPrivilege } from './session';

/** The dashboard layout wired to the session: who sees Employees, and what Sign Out does. */
export function ShellLayout() {
  const session = useSessionActor();
  const privilege = useSignedInPrivilege();
  return (
    <Layout
      showEmployees={privilege !== undefined && canManageEmployees(privilege)}
      onSignOut={() => session.send({ type: 'session.logout' })}
    >
      <Outlet />
    </Layout>
  );
}
