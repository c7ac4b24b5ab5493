import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { privileges, type Privilege } from '../../domain/enums';
import { canManageEmployees } from '../../domain/session';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage';
import { LoginPage } from '../pages/login/LoginRoute';
import { RequirePrivilege, RequireSession } from './guards';
import { paths } from './paths';
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
      { path: paths.root, element: <LoginPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.help, element: <screens.HelpScreen /> },
      { path: paths.forgotPassword, element: <screens.ForgotPasswordScreen /> },
      { path: paths.resetPassword, element: <screens.ResetPasswordScreen /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              { path: paths.profile, element: <screens.ProfileScreen /> },
              { path: paths.editProfile, element: <screens.EditProfileScreen /> },
              { path: paths.leadsList, element: <screens.LeadsListScreen /> },
              { path: paths.firm, element: <screens.FirmScreen /> },
              { path: paths.dashboard, element: <screens.DashboardScreen /> },
              { path: paths.intakeList, element: <screens.IntakeListScreen /> },
              { path: paths.newIntake, element: <screens.IntakeFormScreen /> },
              { path: paths.intakeDetails, element: <screens.IntakeFormScreen /> },
              {
                element: <RequirePrivilege allows={canManageEmployees} forbidden={<screens.ForbiddenScreen />} />,
                children: [
                  { path: paths.employees, element: <screens.EmployeesScreen /> },
                  { path: paths.activity, element: <screens.ActivityScreen /> },
                  { path: paths.newEmployee, element: <screens.NewEmployeeScreen /> },
                  { path: paths.editEmployee, element: <screens.EditEmployeeScreen /> },
                  { path: paths.editFirm, element: <screens.EditFirmScreen /> },
                ],
              },
              {
                element: <RequirePrivilege allows={isStaffPrivilege} forbidden={<screens.ForbiddenScreen />} />,
                children: [{ path: paths.newLeads, element: <screens.NewLeadsScreen /> }],
              },
            ],
          },
        ],
      },
      { path: paths.notFound, element: <screens.NotFoundScreen /> },
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
