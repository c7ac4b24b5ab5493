// The code of every screen but login, each in its own chunk (docs/product/app-shell.md;
// docs/toolchain.md sizes: the login route's download stays small). Kept apart from the lazy
// screens (screens.ts) so that the entry can start the chunk of the address it opens before the
// router is there (earlyStart.ts): a module imported twice is fetched once.

export const loadProfilePage = () => import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage }));
export const loadEditProfilePage = () => import('../pages/profile/EditProfilePage').then((m) => ({ default: m.EditProfilePage }));
export const loadEmployeesPage = () => import('../pages/employees/EmployeesPage').then((m) => ({ default: m.EmployeesPage }));
export const loadActivityPage = () => import('../pages/activity/ActivityPage').then((m) => ({ default: m.ActivityPage }));
export const loadNewEmployeePage = () => import('../pages/employees/NewEmployeePage').then((m) => ({ default: m.NewEmployeePage }));
export const loadEditEmployeePage = () => import('../pages/employees/EditEmployeePage').then((m) => ({ default: m.EditEmployeePage }));
export const loadNewLeadsPage = () => import('../pages/leads/NewLeadsPage').then((m) => ({ default: m.NewLeadsPage }));
export const loadLeadsListPage = () => import('../pages/leads/LeadsListPage').then((m) => ({ default: m.LeadsListPage }));
export const loadFirmPage = () => import('../pages/firm/FirmPage').then((m) => ({ default: m.FirmPage }));
export const loadEditFirmPage = () => import('../pages/firm/EditFirmPage').then((m) => ({ default: m.EditFirmPage }));
export const loadDashboardPage = () => import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }));
export const loadIntakeListPage = () => import('../pages/intake/list/IntakeListPage').then((m) => ({ default: m.IntakeListPage }));
export const loadIntakeFormPage = () => import('../pages/intake/form/IntakeFormPage').then((m) => ({ default: m.IntakeFormPage }));
