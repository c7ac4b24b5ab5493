// The intake screens' addresses, built in one place (docs/product/intake-form.md, Addresses and
// modes; docs/product/intake-list.md). The route table, the lists and the form use these.
import type { IntakeStatus } from '../../domain/enums';
import type { IntakeRouteMode } from '../../machines/intake.machine';

export const INTAKE_LIST_PATH = '/intake-list';
export const NEW_INTAKE_PATH = '/new-intake';
/** The route pattern of a stored intake's form. */
export const INTAKE_DETAILS_PATTERN = '/intake-details/:mode/:caseId';

/** A stored intake's form in `mode`. */
export function intakeFormPath(mode: IntakeRouteMode, caseId: string): string {
  return `/intake-details/${mode}/${encodeURIComponent(caseId)}`;
}

/** Where a stored intake opens from a list: a draft for editing, any other read-only. */
export function intakePath({ caseId, status }: { caseId: string; status: IntakeStatus }): string {
  return intakeFormPath(status === 'draft' ? 'edit' : 'view', caseId);
}
