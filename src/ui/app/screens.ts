// Every screen but login, each in its own chunk (staff-app spec §2 lazy screens; TOOLCHAIN.md
// sizes: the login route's download stays small). Later issues replace a placeholder by pointing
// its line here at the real page.
import { lazyScreen } from './lazyScreen';

export const ProfileScreen = lazyScreen(() =>
  import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
export const EditProfileScreen = lazyScreen(() =>
  import('../pages/profile/EditProfilePage').then((m) => ({ default: m.EditProfilePage })),
);
export const EmployeesScreen = lazyScreen(() =>
  import('../pages/employees/EmployeesPage').then((m) => ({ default: m.EmployeesPage })),
);
export const ActivityScreen = lazyScreen(() =>
  import('../pages/activity/ActivityPage').then((m) => ({ default: m.ActivityPage })),
);
export const NewEmployeeScreen = lazyScreen(() =>
  import('../pages/employees/NewEmployeePage').then((m) => ({ default: m.NewEmployeePage })),
);
export const NewLeadsScreen = lazyScreen(() =>
  import('../pages/leads/NewLeadsPage').then((m) => ({ default: m.NewLeadsPage })),
);
export const LeadsListScreen = lazyScreen(() =>
  import('../pages/leads/LeadsListPage').then((m) => ({ default: m.LeadsListPage })),
);
export const FirmScreen = lazyScreen(() => import('../pages/firm/FirmPage').then((m) => ({ default: m.FirmPage })));
export const EditFirmScreen = lazyScreen(() =>
  import('../pages/firm/EditFirmPage').then((m) => ({ default: m.EditFirmPage })),
);
export const IntakeListScreen = lazyScreen(() =>
  import('../pages/intake/list/IntakeListPage').then((m) => ({ default: m.IntakeListPage })),
);
export const NewIntakeScreen = lazyScreen(() =>
  import('../pages/intake/form/IntakeFormPage').then((m) => ({ default: m.NewIntakePage })),
);
export const IntakeDetailsScreen = lazyScreen(() =>
  import('../pages/intake/form/IntakeFormPage').then((m) => ({ default: m.IntakeDetailsPage })),
);
export const ForbiddenScreen = lazyScreen(() =>
  import('../pages/errors/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })),
);
export const NotFoundScreen = lazyScreen(() =>
  import('../pages/errors/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })),
);
export const HelpScreen = lazyScreen(() => import('../pages/login/HelpPage').then((m) => ({ default: m.HelpPage })));
