// The dashboard's charts load after its numbers (docs/product/dashboard.md#charts): the chart
// library is most of the page's code, so the counts and lists are drawn from the page's own small
// chunk and each chart takes its place, kept at its size under its heading, once Recharts is there.
import { lazy, Suspense } from 'react';
import type { Dashboard } from '../../../api/dashboard';
import * as layout from '../../theme/layout.css';
import { representativeChartHeight } from './chartHeight';
import * as css from './dashboard.css';
import { DASHBOARD_TEXT } from './dashboardText';

const loadCharts = () => import('./DashboardCharts');
const FunnelChart = lazy(() => loadCharts().then((charts) => ({ default: charts.FunnelChart })));
const RepresentativeChart = lazy(() => loadCharts().then((charts) => ({ default: charts.RepresentativeChart })));

/** A chart's heading and its empty area while the chart's code loads. */
function PendingChart({ title, height }: { title: string; height?: number }) {
  return (
    <figure className={css.figure}>
      <h2 className={layout.sectionTitle}>{title}</h2>
      <div className={css.chartArea} style={height === undefined ? undefined : { height }} aria-hidden="true" />
    </figure>
  );
}

export function LazyFunnelChart({ funnel }: { funnel: Dashboard['funnel'] }) {
  return (
    <Suspense fallback={<PendingChart title={DASHBOARD_TEXT.funnel} />}>
      <FunnelChart funnel={funnel} />
    </Suspense>
  );
}

export function LazyRepresentativeChart({ representatives }: { representatives: Dashboard['representatives'] }) {
  return (
    <Suspense
      fallback={<PendingChart title={DASHBOARD_TEXT.perRepresentative} height={representativeChartHeight(representatives.length)} />}
    >
      <RepresentativeChart representatives={representatives} />
    </Suspense>
  );
}
