import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { Dashboard, DashboardDeadlineRow, DashboardIntakeRow } from '../../../api/dashboard';
import { formatLocalDate, formatLongUsDate } from '../../../domain/dates';
import { daysLeftText, deadlineUrgency } from '../../../domain/limitation';
import { useMachineActor } from '../../app/inspect';
import { intakePath } from '../../app/paths';
import { useSignedInPrivilege } from '../../app/session';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { Table, type TableAction, type TableColumn } from '../../components/Table';
import { UrgencyText } from '../../components/UrgencyText';
import * as layout from '../../theme/layout.css';
import { INTAKE_LIST_TEXT } from '../intake/list/IntakeListPage';
import { ClientNameLink } from '../intake/link/ClientNameLink';
import { appDashboardMachine } from './dashboardActors';
import { LazyFunnelChart, LazyRepresentativeChart } from './LazyCharts';
import { dashboardMessages } from '../../../machines/dashboard.machine';
import * as css from './dashboard.css';
import { DASHBOARD_TEXT } from './dashboardText';

function Counts({ counts }: { counts: Dashboard['counts'] }) {
  const tiles = [
    [DASHBOARD_TEXT.leadsThisWeek, counts.leadsThisWeek],
    [DASHBOARD_TEXT.leadsRecent, counts.leadsLast30Days],
    [DASHBOARD_TEXT.draftIntakes, counts.draftIntakes],
    [DASHBOARD_TEXT.finalIntakes, counts.finalIntakes],
    [DASHBOARD_TEXT.finalRecent, counts.finalLast30Days],
  ] as const;
  return (
    <section className={layout.card} aria-labelledby="dashboard-counts">
      <h2 id="dashboard-counts" className={layout.sectionTitle}>
        {DASHBOARD_TEXT.counts}
      </h2>
      <dl className={css.tiles}>
        {tiles.map(([term, value]) => (
          <div key={term} className={css.tile}>
            <dt className={layout.detailTerm}>{term}</dt>
            <dd className={css.tileValue}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

// The client's name, linking to the intake, instead of the case UUID.
const clientColumn: TableColumn<{ caseId: string; status: DashboardIntakeRow['status']; clientName: string }> = {
  key: 'client',
  header: DASHBOARD_TEXT.client,
  render: (row) => <ClientNameLink caseId={row.caseId} status={row.status} clientName={row.clientName} />,
};
const representativeColumn: TableColumn<{ representativeName: string | null }> = {
  key: 'representative',
  header: DASHBOARD_TEXT.representative,
  render: (row) => row.representativeName || DASHBOARD_TEXT.noRepresentative,
};

const intakeColumns: TableColumn<DashboardIntakeRow>[] = [
  clientColumn,
  representativeColumn,
  // Instants shown as the day they were where the user is, as in the intake list.
  { key: 'updatedAt', header: DASHBOARD_TEXT.lastUpdate, render: (row) => formatLocalDate(row.updatedAt) ?? '' },
];

const deadlineColumns: TableColumn<DashboardDeadlineRow>[] = [
  clientColumn,
  { key: 'deadline', header: DASHBOARD_TEXT.deadline, render: (row) => formatLongUsDate(row.deadline) ?? row.deadline },
  {
    key: 'daysLeft',
    header: DASHBOARD_TEXT.daysLeft,
    render: (row) => <UrgencyText urgency={deadlineUrgency(row.daysLeft)}>{daysLeftText(row.daysLeft)}</UrgencyText>,
  },
];

function IntakeList<Row extends { caseId: string; status: DashboardIntakeRow['status'] }>({
  id,
  title,
  rows,
  columns,
}: {
  id: string;
  title: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
}) {
  const navigate = useNavigate();
  const open = (row: Row) => void navigate(intakePath(row));
  const action: TableAction<Row> = {
    label: (row) => (row.status === 'draft' ? INTAKE_LIST_TEXT.edit : INTAKE_LIST_TEXT.view),
    onActivate: open,
  };
  return (
    <section className={layout.card} aria-labelledby={id}>
      <h2 id={id} className={layout.sectionTitle}>
        {title}
      </h2>
      <Table<Row> columns={columns} rows={rows} getRowKey={(row) => row.caseId} onRowClick={open} action={action} loading={false} />
    </section>
  );
}

function DashboardContent({ dashboard, ownLists }: { dashboard: Dashboard; ownLists: boolean }) {
  return (
    <>
      <Counts counts={dashboard.counts} />
      <div className={css.charts}>
        <section className={layout.card}>
          <LazyFunnelChart funnel={dashboard.funnel} />
        </section>
        <section className={layout.card}>
          <LazyRepresentativeChart representatives={dashboard.representatives} />
        </section>
      </div>
      {ownLists && <p className={layout.statusMessage}>{DASHBOARD_TEXT.ownListsNote}</p>}
      <IntakeList id="dashboard-deadlines" title={DASHBOARD_TEXT.deadlines} rows={dashboard.deadlines} columns={deadlineColumns} />
      <IntakeList id="dashboard-stale" title={DASHBOARD_TEXT.staleDrafts} rows={dashboard.staleDrafts} columns={intakeColumns} />
      <IntakeList
        id="dashboard-missing"
        title={DASHBOARD_TEXT.missingIncidentDate}
        rows={dashboard.missingIncidentDate}
        columns={intakeColumns}
      />
    </>
  );
}

/** /dashboard (docs/product/dashboard.md): every signed-in role. */
export function DashboardPage() {
  const actor = useMachineActor(appDashboardMachine);
  const dashboard = useSelector(actor, (snapshot) => snapshot.context.dashboard);
  const failure = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? (snapshot.context.failure ?? '') : undefined));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const canRefresh = useSelector(actor, (snapshot) => snapshot.can({ type: 'dashboard.refresh' }));
  const privilege = useSignedInPrivilege();

  return (
    <>
      <PageHeader title={DASHBOARD_TEXT.title}>
        {dashboard && (
          <Button tone="secondary" loading={busy} disabled={!canRefresh} onClick={() => actor.send({ type: 'dashboard.refresh' })}>
            {DASHBOARD_TEXT.refresh}
          </Button>
        )}
      </PageHeader>
      {failure !== undefined ? (
        <div className={layout.card} role="alert">
          <p className={layout.statusMessage}>
            {dashboardMessages.loadFailed} {failure}
          </p>
          <Button tone="secondary" onClick={() => actor.send({ type: 'dashboard.retry' })}>
            {DASHBOARD_TEXT.retry}
          </Button>
        </div>
      ) : dashboard ? (
        <DashboardContent dashboard={dashboard} ownLists={privilege === 'representative'} />
      ) : (
        <p className={layout.statusMessage} role="status">
          {DASHBOARD_TEXT.loading}
        </p>
      )}
    </>
  );
}
