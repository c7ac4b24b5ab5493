// The dashboard's words (docs/product/dashboard.md), written once for the page, its charts and the tests.
import { FUNNEL_DAYS, RECENT_DAYS, STALE_DRAFT_DAYS, DEADLINE_WINDOW_DAYS } from '../../../domain/dashboard';

export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  loading: 'Please wait while the dashboard is loading',
  retry: 'Try again',
  refresh: 'Refresh',
  counts: 'At a glance',
  leadsThisWeek: 'Leads this week',
  leadsRecent: `Leads in the last ${RECENT_DAYS} days`,
  draftIntakes: 'Draft intakes',
  finalIntakes: 'Final intakes',
  finalRecent: `Submitted final in the last ${RECENT_DAYS} days`,
  funnel: `Lead funnel, last ${FUNNEL_DAYS} days`,
  funnelLeads: 'Leads registered',
  funnelWithIntake: 'Leads with an intake',
  funnelFinal: 'Intakes submitted final',
  /** After 'Submitted final' (docs/product/engagement.md#screens): the client signed the engagement. */
  funnelSigned: 'Signed',
  perRepresentative: 'Intakes per representative',
  representative: 'Representative',
  draft: 'Draft',
  final: 'Final',
  stage: 'Stage',
  count: 'Count',
  conversion: 'Of the previous stage',
  staleDrafts: `Drafts untouched for ${STALE_DRAFT_DAYS} days or more`,
  deadlines: `Limitation deadlines in the next ${DEADLINE_WINDOW_DAYS} days`,
  missingIncidentDate: 'Intakes without an incident date',
  client: 'Client',
  lastUpdate: 'Last Update',
  deadline: 'Deadline',
  daysLeft: 'Days Left',
  noRepresentative: 'Unknown',
  ownListsNote: 'The lists below show your own intakes.',
} as const;

/** '75%', or '–' when there was nothing to convert from. */
export function percentText(percent: number | null): string {
  return percent === null ? '–' : `${percent}%`;
}
