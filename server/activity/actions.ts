// What the activity trail records (openapi.yaml, ActivityAction; docs/product/activity.md).
import type { components } from '../../src/api/schema';

export type ActivityAction = components['schemas']['ActivityAction'];

/** Every action, in the order openapi.yaml lists them (the `satisfies` keeps the two in step). */
export const activityActions = [
  'signIn.succeeded',
  'signIn.failed',
  'signOut',
  'session.renewed',
  'intake.created',
  'intake.draftSaved',
  'intake.submittedFinal',
  'intake.opened',
  'pdf.previewed',
  'pdf.downloaded',
  'ssn.revealed',
  'employee.created',
  'employee.deactivated',
  'employee.reactivated',
  'employee.changed',
  'profile.changed',
  'firm.changed',
  'neos.credentialsChanged',
  'clientLink.created',
  'clientLink.emailed',
  'clientLink.opened',
  'clientLink.submitted',
  'secondFactor.enrolled',
  'secondFactor.removed',
  'secondFactor.reset',
  'recoveryCode.used',
  'engagementTerms.changed',
  'engagement.created',
  'engagement.emailed',
  'engagement.opened',
  'engagement.signed',
  'engagement.downloaded',
  'conflicts.viewed',
  'conflicts.cleared',
  'conflicts.waived',
  'passwordReset.emailed',
  'passwordReset.linkMade',
  'password.reset',
  'passkey.added',
  'passkey.removed',
  'passkey.used',
] as const satisfies readonly ActivityAction[];

// Fails to compile when openapi.yaml gains an action this list lacks.
type Missing = Exclude<ActivityAction, (typeof activityActions)[number]>;
const everyActionListed: Missing extends never ? true : Missing = true;
void everyActionListed;
