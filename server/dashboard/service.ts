// The dashboard (docs/product/dashboard.md): one answer with every figure of the caller's firm. The
// counts, the funnel and the bars are the firm's; a representative's lists are their own. Rows
// become openapi.yaml's Dashboard here.
import type { Kysely } from 'kysely';
import type { components } from '../../src/api/schema';
import {
  DASHBOARD_LIST_LIMIT,
  DEADLINE_WINDOW_DAYS,
  FUNNEL_DAYS,
  NO_REPRESENTATIVE,
  RECENT_DAYS,
  STALE_DRAFT_DAYS,
  daysBefore,
  percentOf,
  utcDate,
  weekStart,
} from '../../src/domain/dashboard';
import { addDays, incidentDateFor, limitationDeadline } from '../../src/domain/limitation';
import type { SessionUser } from '../../src/domain/session';
import type { Database } from '../db/database';
import { findFirmById } from '../firms/repository';
import { notFound } from '../http/errors';
import { intakeTotal } from '../intakes/repository';
import {
  countIntakesByRepresentative,
  countsSince,
  intakesWithIncidentBetween,
  intakesWithoutIncidentDate,
  staleDrafts,
  type IntakeListRow,
  type RepresentativeCount,
} from './repository';

type Dashboard = components['schemas']['Dashboard'];
type Representative = components['schemas']['DashboardRepresentative'];

function listRow(row: IntakeListRow): components['schemas']['DashboardIntakeRow'] {
  return {
    caseId: row.case_id,
    clientName: row.client_name,
    representativeName: row.representative_name,
    status: row.status,
    updatedAt: row.updated_at,
  };
}

/** One bar per representative, most intakes first; intakes without one last. */
export function representativeBars(counts: RepresentativeCount[]): Representative[] {
  const bars = new Map<string | null, Representative>();
  for (const { representativeId, name, status, total } of counts) {
    const bar = bars.get(representativeId) ?? { representativeId, name: name ?? NO_REPRESENTATIVE, draft: 0, final: 0 };
    bar[status] += total;
    bars.set(representativeId, bar);
  }
  const size = (bar: Representative) => bar.draft + bar.final;
  return [...bars.values()].sort(
    (a, b) =>
      Number(a.representativeId === null) - Number(b.representativeId === null) || size(b) - size(a) || a.name.localeCompare(b.name),
  );
}

export function createDashboardService({ db }: { db: Kysely<Database> }) {
  return {
    async dashboard(caller: SessionUser, now: Date = new Date()): Promise<Dashboard> {
      const firm = await findFirmById(db, caller.firmId);
      if (!firm) throw notFound('Firm not found');
      const years = firm.limitation_years;
      const today = utcDate(now);
      const scope = {
        firmId: caller.firmId,
        representativeId: caller.privilege === 'representative' ? caller.id : undefined,
        limit: DASHBOARD_LIST_LIMIT,
      };
      // Deadlines from today to the window's end are incident dates `years` earlier. The range is
      // widened by a day each side for 29 February, then each row's own deadline decides.
      const deadlineRange = [
        addDays(incidentDateFor(today, years), -1),
        addDays(incidentDateFor(addDays(today, DEADLINE_WINDOW_DAYS), years), 1),
      ];
      const [week, recent, funnel, draftIntakes, finalIntakes, perRepresentative, stale, nearing, undated] = await Promise.all([
        countsSince(db, caller.firmId, `${weekStart(today)}T00:00:00.000Z`),
        countsSince(db, caller.firmId, daysBefore(now, RECENT_DAYS)),
        countsSince(db, caller.firmId, daysBefore(now, FUNNEL_DAYS)),
        intakeTotal(db, caller.firmId, 'draft'),
        intakeTotal(db, caller.firmId, 'final'),
        countIntakesByRepresentative(db, caller.firmId),
        staleDrafts(db, scope, daysBefore(now, STALE_DRAFT_DAYS)),
        intakesWithIncidentBetween(
          db,
          { ...scope, limit: DASHBOARD_LIST_LIMIT + 2 },
          deadlineRange[0] as string,
          deadlineRange[1] as string,
        ),
        intakesWithoutIncidentDate(db, scope),
      ]);
      const deadlines = nearing.flatMap((row) => {
        const deadline = limitationDeadline(row.incident_date, years, today);
        if (!deadline || deadline.daysLeft < 0 || deadline.daysLeft > DEADLINE_WINDOW_DAYS) return [];
        return [{ ...listRow(row), incidentDate: row.incident_date as string, deadline: deadline.date, daysLeft: deadline.daysLeft }];
      });
      return {
        today,
        limitationYears: years,
        counts: {
          leadsThisWeek: week.leads,
          leadsLast30Days: recent.leads,
          draftIntakes,
          finalIntakes,
          finalLast30Days: recent.finals,
        },
        funnel: {
          days: FUNNEL_DAYS,
          leads: funnel.leads,
          leadsWithIntake: funnel.leadsWithIntake,
          finalIntakes: funnel.leadsWithFinal,
          signedEngagements: funnel.leadsSigned,
          intakeRate: percentOf(funnel.leadsWithIntake, funnel.leads),
          finalRate: percentOf(funnel.leadsWithFinal, funnel.leadsWithIntake),
          signedRate: percentOf(funnel.leadsSigned, funnel.leadsWithFinal),
        },
        representatives: representativeBars(perRepresentative),
        staleDrafts: stale.map(listRow),
        deadlines: deadlines.slice(0, DASHBOARD_LIST_LIMIT).map(({ updatedAt: _, ...row }) => row),
        missingIncidentDate: undated.map(listRow),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
