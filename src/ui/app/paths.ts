// Every address of the app, written once: the route table (routes.tsx), the sidebar
// (ShellLayout.tsx), every link and every move between screens build them here
// (docs/product/app-shell.md; the intake addresses: docs/product/intake-form.md, Addresses and modes).
import type { IntakeStatus } from '../../domain/enums';
import { LOGIN_PAGE } from '../../domain/session';
import type { IntakeRouteMode } from '../../machines/intake.machine';

export const paths = {
  root: '/',
  login: LOGIN_PAGE,
  help: '/help',
  /** docs/product/sign-in-and-session.md, Password reset. */
  forgotPassword: '/forgot-password',
  /** The reset link's page; the token is the last segment (src/domain/passwordReset.ts, RESET_PAGE). */
  resetPassword: '/reset-password/:token',
  profile: '/profile',
  editProfile: '/edit-profile',
  leadsList: '/leads-list',
  newLeads: '/new-leads',
  firm: '/firm',
  editFirm: '/edit-firm',
  employees: '/employees',
  newEmployee: '/new-employee',
  /** docs/product/people.md, Edit employee; `editEmployeePath` builds its addresses. */
  editEmployee: '/edit-employee/:id',
  activity: '/activity',
  /** docs/product/dashboard.md: every signed-in role; not the page after sign-in. */
  dashboard: '/dashboard',
  intakeList: '/intake-list',
  newIntake: '/new-intake',
  /** The route pattern of a stored intake's form; `intakeFormPath` builds its addresses. */
  intakeDetails: '/intake-details/:mode/:caseId',
  notFound: '*',
} as const;

/** Where a sign-in lands (docs/product/sign-in-and-session.md). */
export const HOME_PATH = paths.intakeList;
/** Where 'Go back home' on the not-found page leads. */
export const NOT_FOUND_HOME_PATH = paths.profile;

/**
 * The sections of the help page that 'Forgot password?' (login screen) and 'Contact support'
 * (not-found page) open: the spec leaves both open (docs/product/sign-in-and-session.md). The
 * help page tells staff whom to ask: accounts belong to the firm, and there is no self-service reset.
 */
export const helpAnchors = { forgotPassword: 'forgot-password', contactSupport: 'contact-support' } as const;

export function helpPath(anchor: keyof typeof helpAnchors): string {
  return `${paths.help}#${helpAnchors[anchor]}`;
}

const EDIT_EMPLOYEE_PREFIX = paths.editEmployee.slice(0, paths.editEmployee.indexOf('/:'));

/** The Edit Employee page of one employee. */
export function editEmployeePath(id: string): string {
  return `${EDIT_EMPLOYEE_PREFIX}/${encodeURIComponent(id)}`;
}

const INTAKE_DETAILS_PREFIX = paths.intakeDetails.slice(0, paths.intakeDetails.indexOf('/:'));

/** A stored intake's form in `mode`. */
export function intakeFormPath(mode: IntakeRouteMode, caseId: string): string {
  return `${INTAKE_DETAILS_PREFIX}/${mode}/${encodeURIComponent(caseId)}`;
}

/** The one rule for opening a stored intake from any list: a draft for editing, any other read-only. */
export function intakePath({ caseId, status }: { caseId: string; status: IntakeStatus }): string {
  return intakeFormPath(status === 'draft' ? 'edit' : 'view', caseId);
}

/** The screens of a sidebar entry beyond its own, so that e.g. /new-intake keeps 'Intakes' highlighted. */
export const areaPaths = {
  intakes: [paths.newIntake, INTAKE_DETAILS_PREFIX],
  leads: [paths.newLeads],
  employees: [paths.newEmployee, EDIT_EMPLOYEE_PREFIX],
  profile: [paths.editProfile],
  firm: [paths.editFirm],
} as const;
