// Every screen but login, each in its own chunk (docs/product/app-shell.md; docs/toolchain.md sizes:
// the login route's download stays small); the signed-in pages' code is loaded by screenLoaders.ts.
import { lazyScreen } from './lazyScreen';
import { screenCode } from './screenCode';
import * as load from './screenLoaders';

export const ProfileScreen = lazyScreen(load.loadProfilePage);
export const EditProfileScreen = lazyScreen(load.loadEditProfilePage);
export const EmployeesScreen = lazyScreen(load.loadEmployeesPage);
export const ActivityScreen = lazyScreen(load.loadActivityPage);
export const NewEmployeeScreen = lazyScreen(load.loadNewEmployeePage);
export const EditEmployeeScreen = lazyScreen(load.loadEditEmployeePage);
export const NewLeadsScreen = lazyScreen(load.loadNewLeadsPage);
export const LeadsListScreen = lazyScreen(load.loadLeadsListPage);
export const FirmScreen = lazyScreen(load.loadFirmPage);
export const EditFirmScreen = lazyScreen(load.loadEditFirmPage);
export const DashboardScreen = lazyScreen(load.loadDashboardPage);
export const IntakeListScreen = lazyScreen(load.loadIntakeListPage);
// /new-intake and /intake-details/... share one screen, so that a new intake keeps its form when
// its first save gives it an address of its own.
export const IntakeFormScreen = lazyScreen(load.loadIntakeFormPage);
export const ForbiddenScreen = lazyScreen(screenCode(() => import('../pages/errors/ForbiddenPage').then((m) => m.ForbiddenPage)));
export const NotFoundScreen = lazyScreen(screenCode(() => import('../pages/errors/NotFoundScreen').then((m) => m.NotFoundScreen)));
export const ForgotPasswordScreen = lazyScreen(
  screenCode(() => import('../pages/login/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
);
export const ResetPasswordScreen = lazyScreen(
  screenCode(() => import('../pages/login/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
);
export const HelpScreen = lazyScreen(screenCode(() => import('../pages/login/HelpPage').then((m) => m.HelpPage)));
