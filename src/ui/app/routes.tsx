import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { privileges, type Privilege } from '../../domain/enums';
import { DASHBOARD_PATH } from '../../domain/constants';
import { canManageEmployees } from '../../domain/session';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage';
import { LoginPage } from '../pages/login/LoginPage';
import { HELP_ROUTE } from '../pages/login/helpRoutes';
import { RequirePrivilege, RequireSession } from './guards';
import { INTAKE_DETAILS_PATTERN, INTAKE_LIST_PATH, NEW_INTAKE_PATH } from './intakePaths';
import * as screens from './screens';
import { SessionEvents } from './SessionEvents';
import { ShellLayout } from './ShellLayout';

/** /new-leads is open to all three privileges and to nothing else (docs/product/leads.md). */
function isStaffPrivilege(privilege: Privilege): boolean {
  return privileges.includes(privilege);
}

// docs/product/intake-form.md route table.
export const appRoutes: RouteObject[] = [
  {
    element: <SessionEvents />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: HELP_ROUTE, element: <screens.HelpScreen /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              { path: '/profile', element: <screens.ProfileScreen /> },
              { path: '/edit-profile', element: <screens.EditProfileScreen /> },
              { path: '/leads-list', element: <screens.LeadsListScreen /> },
              { path: '/firm', element: <screens.FirmScreen /> },
              { path: DASHBOARD_PATH, element: <screens.DashboardScreen /> },
              { path: INTAKE_LIST_PATH, element: <screens.IntakeListScreen /> },
              { path: NEW_INTAKE_PATH, element: <screens.IntakeFormScreen /> },
              { path: INTAKE_DETAILS_PATTERN, element: <screens.IntakeFormScreen /> },
              {
                element: <RequirePrivilege allows={canManageEmployees} forbidden={<screens.ForbiddenScreen />} />,
                children: [
                  { path: '/employees', element: <screens.EmployeesScreen /> },
                  { path: '/activity', element: <screens.ActivityScreen /> },
                  { path: '/new-employee', element: <screens.NewEmployeeScreen /> },
                  { path: '/edit-firm', element: <screens.EditFirmScreen /> },
                ],
              },
              {
                element: <RequirePrivilege allows={isStaffPrivilege} forbidden={<screens.ForbiddenScreen />} />,
                children: [{ path: '/new-leads', element: <screens.NewLeadsScreen /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <screens.NotFoundScreen /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router. The browser uses createBrowserRouter; tests pass createMemoryRouter with
 * their initial entries.
 */
export function createAppRouter(): AppRouter;
export function createAppRouter<Options>(create: (routes: RouteObject[], options?: Options) => AppRouter, options?: Options): AppRouter;
export function createAppRouter<Options>(create?: (routes: RouteObject[], options?: Options) => AppRouter, options?: Options): AppRouter {
  return create ? create(appRoutes, options) : createBrowserRouter(appRoutes);
}
