// The activity trail in words (docs/product/activity.md): the one place that turns an action of
// the trail and its changed field paths into what the Activity page and an intake's History panel
// show. Shared by both, so the same event reads the same everywhere.
import { fieldLabel, isIntakeField, labelFromKey } from './intake/fields';
import { intakeTabs, tabOfPath } from './intake/tabs';

/** What each action of the trail reads as (src/api/activity.ts keeps the keys equal to openapi.yaml's). */
export const activityActionLabels = {
  'signIn.succeeded': 'Signed in',
  'signIn.failed': 'Sign-in failed',
  signOut: 'Signed out',
  'session.renewed': 'Stayed signed in',
  'intake.created': 'Created',
  'intake.draftSaved': 'Saved draft',
  'intake.submittedFinal': 'Submitted final',
  'intake.opened': 'Opened',
  'pdf.previewed': 'Previewed PDF',
  'pdf.downloaded': 'Downloaded PDF',
  'ssn.revealed': 'Revealed SSN',
  'employee.created': 'Created employee',
  'employee.deactivated': 'Deactivated employee',
  'employee.reactivated': 'Reactivated employee',
  'employee.changed': 'Changed employee',
  'profile.changed': 'Changed profile',
  'firm.changed': 'Changed firm',
  'neos.credentialsChanged': 'Changed Neos credentials',
  'clientLink.created': 'Made a client link',
  'clientLink.emailed': 'Emailed the client link',
  'clientLink.opened': 'Client opened the link',
  'clientLink.submitted': 'Client submitted',
  'secondFactor.enrolled': 'Set up two-factor sign-in',
  'secondFactor.removed': 'Turned off two-factor sign-in',
  'secondFactor.reset': 'Reset two-factor sign-in',
  'recoveryCode.used': 'Signed in with a recovery code',
  'engagementTerms.changed': 'Changed engagement terms',
  'engagement.created': 'Made a signing link',
  'engagement.emailed': 'Emailed the signing link',
  'engagement.opened': 'Client opened the engagement',
  'engagement.signed': 'Client signed the engagement',
  'engagement.downloaded': 'Downloaded the signed engagement',
  'conflicts.viewed': 'Looked at the conflict check',
  'conflicts.cleared': 'Cleared the conflict check',
  'conflicts.waived': 'Waived the conflicts',
  'passwordReset.emailed': 'Emailed a password reset link',
  'passwordReset.linkMade': 'Made a password reset link',
  'password.reset': 'Reset password',
  'passkey.added': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
  'passkey.used': 'Signed in with a passkey',
} as const;

export type ActivityAction = keyof typeof activityActionLabels;

/** Every action, in the order of the Activity page's filter. */
export const activityActions = Object.keys(activityActionLabels) as ActivityAction[];

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * One line per intake section the fields touch, in the form's tab order, named by the tab's label:
 * 'Changed 4 fields in Injury Information'. Paths outside the intake's sections (a profile's
 * 'email') are counted together: 'Changed 2 fields'.
 */
export function changedFieldLines(fields: readonly string[]): string[] {
  const byTab = new Map<string, number>();
  let other = 0;
  for (const path of fields) {
    const tab = tabOfPath(path);
    if (tab) byTab.set(tab.name, (byTab.get(tab.name) ?? 0) + 1);
    else other++;
  }
  const lines = intakeTabs
    .filter((tab) => byTab.has(tab.name))
    .map((tab) => `Changed ${plural(byTab.get(tab.name) ?? 0, 'field')} in ${tab.name}`);
  if (other > 0) lines.push(`Changed ${plural(other, 'field')}`);
  return lines;
}

/**
 * A changed field as staff read it: the intake form's own label from the field catalogue
 * ('personalInformation.ssnItin' -> its label on the form); any other path (a profile's
 * 'userInformation.phoneNumber') by its last name in words ('Phone Number').
 */
export function fieldPathLabel(path: string): string {
  if (isIntakeField(path)) return fieldLabel(path);
  return labelFromKey(path.slice(path.lastIndexOf('.') + 1));
}

/** The fields of a row as one line of labels, in the order the trail wrote them. */
export function fieldLabelsText(fields: readonly string[]): string {
  return fields.map(fieldPathLabel).join(', ');
}

/** The actions the client takes on their link (docs/product/client-intake.md): their rows name no user. */
const clientActions: ReadonlySet<ActivityAction> = new Set(['clientLink.opened', 'clientLink.submitted']);

export const ACTIVITY_WHO = { client: 'Client', unknown: 'Unknown user' } as const;

/** Who acted: the user's name, 'Client' for the client's own actions, else 'Unknown user'. */
export function activityWho(entry: { action: ActivityAction; userName: string | null }): string {
  if (entry.userName) return entry.userName;
  return clientActions.has(entry.action) ? ACTIVITY_WHO.client : ACTIVITY_WHO.unknown;
}

/** Repeated 'Opened' rows by one person within this long of the one shown are shown once. */
export const OPENED_REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * An intake's history without the crowd of 'Opened': rows come newest first, and an 'Opened' by
 * the same person within an hour of an 'Opened' already kept (a newer one) is left out, so the
 * saves and submits stay in view. Every other row is kept.
 */
export function withoutRepeatedOpens<Entry extends { action: ActivityAction; userId: string | null; at: string }>(
  entries: readonly Entry[],
): Entry[] {
  const lastKeptOpen = new Map<string, number>();
  return entries.filter((entry) => {
    if (entry.action !== 'intake.opened') return true;
    const who = entry.userId ?? '';
    const at = Date.parse(entry.at);
    const kept = lastKeptOpen.get(who);
    if (kept !== undefined && kept - at < OPENED_REPEAT_WINDOW_MS) return false;
    lastKeptOpen.set(who, at);
    return true;
  });
}

/**
 * What happened, as lines: the action, then what it changed ('Submitted final', 'Changed 4 fields in …').
 * The client's submit is one line with the count of fields answered (docs/product/client-intake.md#staff-review).
 */
export function activityLines(entry: { action: ActivityAction; fields: readonly string[] }): string[] {
  if (entry.action === 'clientLink.submitted') return [`Client submitted ${plural(entry.fields.length, 'field')}`];
  const changed = entry.action.startsWith('intake.') ? changedFieldLines(entry.fields) : [];
  return [activityActionLabels[entry.action], ...changed];
}

/** The Activity page's header filters; '' is no filter. Dates are calendar dates, 'YYYY-MM-DD'. */
export interface ActivityFilters {
  userId: string;
  action: ActivityAction | '';
  from: string;
  to: string;
}

export const noActivityFilters: ActivityFilters = { userId: '', action: '', from: '', to: '' };

const filterKeys = ['userId', 'action', 'from', 'to'] as const;

function isAction(value: string | null): value is ActivityAction {
  return value !== null && Object.hasOwn(activityActionLabels, value);
}

/**
 * The filters as the one text the list's pagination machine keeps (`filter`), so that a change of
 * any of them reloads the list from page 1; null when none is set.
 */
export function activityFilterText(filters: ActivityFilters): string | null {
  const params = new URLSearchParams();
  for (const key of filterKeys) if (filters[key]) params.set(key, filters[key]);
  const text = params.toString();
  return text === '' ? null : text;
}

export function activityFiltersOf(text: string | null): ActivityFilters {
  const params = new URLSearchParams(text ?? '');
  const action = params.get('action');
  return {
    userId: params.get('userId') ?? '',
    action: isAction(action) ? action : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function localMidnight(date: string, addDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const instant = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/**
 * The instants GET /v1/activity takes for the chosen days, in the person's own time zone: from the
 * start of the 'from' day, up to (not including) the start of the day after 'to', so both days count.
 */
export function activityRange(filters: Pick<ActivityFilters, 'from' | 'to'>): { from?: string; to?: string } {
  return { from: localMidnight(filters.from), to: localMidnight(filters.to, 1) };
}
