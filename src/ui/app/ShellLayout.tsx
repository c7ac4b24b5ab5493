import { Outlet } from 'react-router-dom';
import { canManageEmployees } from '../../domain/session';
import { Layout, type LayoutSection } from '../components/Layout';
import { areaPaths, paths } from './paths';
import { useSessionActor, useSignedInPrivilege } from './session';

interface Section extends LayoutSection {
  /** Only owners and administrators see the Employees and Activity entries (docs/product/people.md). */
  managersOnly?: boolean;
}

// docs/product/app-shell.md, Shared layout: the sidebar entries, in this order.
const sections: readonly Section[] = [
  { label: 'Dashboard', to: paths.dashboard, related: [] },
  { label: 'Intakes', to: paths.intakeList, related: areaPaths.intakes },
  { label: 'Leads', to: paths.leadsList, related: areaPaths.leads },
  { label: 'Employees', to: paths.employees, related: areaPaths.employees, managersOnly: true },
  // The firm's activity trail (docs/product/activity.md), for the same people as Employees.
  { label: 'Activity', to: paths.activity, related: [], managersOnly: true },
  { label: 'Account', to: paths.profile, related: areaPaths.profile },
  { label: 'Firm', to: paths.firm, related: areaPaths.firm },
];

/** The dashboard layout wired to the session: who sees Employees, and what Sign Out does. */
export function ShellLayout() {
  const session = useSessionActor();
  const privilege = useSignedInPrivilege();
  const managing = privilege !== undefined && canManageEmployees(privilege);
  return (
    <Layout
      sections={sections.filter((section) => managing || !section.managersOnly)}
      onSignOut={() => session.send({ type: 'session.logout' })}
    >
      <Outlet />
    </Layout>
  );
}
