// The code of every screen but login, each in its own chunk (docs/product/app-shell.md;
// docs/toolchain.md sizes: the login route's download stays small). Kept apart from the lazy
// screens (screens.ts) so that the entry can start the chunk of the address it opens before the
// router is there (earlyStart.ts): a module imported twice is fetched once.
import { screenCode } from './screenCode';

export const loadProfilePage = screenCode(() => import('../pages/profile/ProfilePage').then((m) => m.ProfilePage));
export const loadEditProfilePage = screenCode(() => import('../pages/profile/EditProfilePage').then((m) => m.EditProfilePage));
export const loadEmployeesPage = screenCode(() => import('../pages/employees/EmployeesPage').then((m) => m.EmployeesPage));
export const loadActivityPage = screenCode(() => import('../pages/activity/ActivityPage').then((m) => m.ActivityPage));
export const loadNewEmployeePage = screenCode(() => import('../pages/employees/NewEmployeePage').then((m) => m.NewEmployeePage));
export const loadEditEmployeePage = screenCode(() => import('../pages/employees/EditEmployeePage').then((m) => m.EditEmployeePage));
export const loadNewLeadsPage = screenCode(() => import('../pages/leads/NewLeadsPage').then((m) => m.NewLeadsPage));
export const loadLeadsListPage = screenCode(() => import('../pages/leads/LeadsListPage').then((m) => m.LeadsListPage));
export const loadFirmPage = screenCode(() => import('../pages/firm/FirmPage').then((m) => m.FirmPage));
export const loadEditFirmPage = screenCode(() => import('../pages/firm/EditFirmPage').then((m) => m.EditFirmPage));
export const loadDashboardPage = screenCode(() => import('../pages/dashboard/DashboardPage').then((m) => m.DashboardPage));
export const loadIntakeListPage = screenCode(() => import('../pages/intake/list/IntakeListPage').then((m) => m.IntakeListPage));
export const loadIntakeFormPage = screenCode(() => import('../pages/intake/form/IntakeFormPage').then((m) => m.IntakeFormPage));
