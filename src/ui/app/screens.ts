// Every screen but login, each in its own chunk (docs/product/app-shell.md; docs/toolchain.md sizes:
// the login route's download stays small).
import { lazyScreen } from './lazyScreen';

export const ProfileScreen = lazyScreen(() => import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
export const EditProfileScreen = lazyScreen(() => import('../pages/profile/EditProfilePage').then((m) => ({ default: m.EditProfilePage })));
export const EmployeesScreen = lazyScreen(() => import('../pages/employees/EmployeesPage').then((m) => ({ default: m.EmployeesPage })));
export const ActivityScreen = lazyScreen(() => import('../pages/activity/ActivityPage').then((m) => ({ default: m.ActivityPage })));
export const NewEmployeeScreen = lazyScreen(() =>
  import('../pages/employees/NewEmployeePage').then((m) => ({ default: m.NewEmployeePage })),
);
export const EditEmployeeScreen = lazyScreen(() =>
  import('../pages/employees/EditEmployeePage').then((m) => ({ default: m.EditEmployeePage })),
);
export const NewLeadsScreen = lazyScreen(() => import('../pages/leads/NewLeadsPage').then((m) => ({ default: m.NewLeadsPage })));
export const LeadsListScreen = lazyScreen(() => import('../pages/leads/LeadsListPage').then((m) => ({ default: m.LeadsListPage })));
export const FirmScreen = lazyScreen(() => import('../pages/firm/FirmPage').then((m) => ({ default: m.FirmPage })));
export const EditFirmScreen = lazyScreen(() => import('../pages/firm/EditFirmPage').then((m) => ({ default: m.EditFirmPage })));
// The dashboard's chunk carries the chart library (docs/product/dashboard.md#charts): no other screen loads it.
export const DashboardScreen = lazyScreen(() => import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
export const IntakeListScreen = lazyScreen(() =>
  import('../pages/intake/list/IntakeListPage').then((m) => ({ default: m.IntakeListPage })),
);
// /new-intake and /intake-details/... share one screen, so that a new intake keeps its form when
// its first save gives it an address of its own.
export const IntakeFormScreen = lazyScreen(() =>
  import('../pages/intake/form/IntakeFormPage').then((m) => ({ default: m.IntakeFormPage })),
);
export const ForbiddenScreen = lazyScreen(() => import('../pages/errors/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));
export const NotFoundScreen = lazyScreen(() => import('../pages/errors/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })));
export const ForgotPasswordScreen = lazyScreen(() =>
  import('../pages/login/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordScreen = lazyScreen(() =>
  import('../pages/login/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
export const HelpScreen = lazyScreen(() => import('../pages/login/HelpPage').then((m) => ({ default: m.HelpPage })));
