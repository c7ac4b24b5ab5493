// The dashboard's charts load after its numbers (docs/product/dashboard.md#charts): the chart
// library is most of the page's code, so the counts and lists are drawn from the page's own small
// chunk and each chart takes its place, kept at its size under its heading, once Recharts is there.
// Recharts is fetched only once the page has been painted, so that on a phone's connection it
// does not share the bandwidth with what the first paint needs (docs/product/app-shell.md, Direct links).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Dashboard } from '../../../api/dashboard';
import * as layout from '../../theme/layout.css';
import { representativeChartHeight } from './chartHeight';
import * as css from './dashboard.css';
import { DASHBOARD_TEXT } from './dashboardText';

/** Once the charts' code is there, a dashboard opened again draws them at once. */
let chartsArrived = false;
const loadCharts = () =>
  import('./DashboardCharts').then((charts) => {
    chartsArrived = true;
    return charts;
  });
const FunnelChart = lazy(() => loadCharts().then((charts) => ({ default: charts.FunnelChart })));
const RepresentativeChart = lazy(() => loadCharts().then((charts) => ({ default: charts.RepresentativeChart })));

/**
 * Whether the charts may be drawn (and their code fetched): once the page has been painted (a frame
 * has passed, and then a task), or at once when their code is already there.
 */
function useChartsMayLoad(): boolean {
  const [painted, setPainted] = useState(chartsArrived);
  useEffect(() => {
    if (painted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** A chart's heading and its empty area while the chart's code loads, marked busy until the chart is there. */
function PendingChart({ title, height }: { title: string; height?: number }) {
  return (
    <figure className={css.figure} aria-busy="true">
      <h2 className={layout.sectionTitle}>{title}</h2>
      <div className={css.chartArea} style={height === undefined ? undefined : { height }} aria-hidden="true" />
    </figure>
  );
}

export function LazyFunnelChart({ funnel }: { funnel: Dashboard['funnel'] }) {
  const mayLoad = useChartsMayLoad();
  if (!mayLoad) return <PendingChart title={DASHBOARD_TEXT.funnel} />;
  return (
    <Suspense fallback={<PendingChart title={DASHBOARD_TEXT.funnel} />}>
      <FunnelChart funnel={funnel} />
    </Suspense>
  );
}

export function LazyRepresentativeChart({ representatives }: { representatives: Dashboard['representatives'] }) {
  const mayLoad = useChartsMayLoad();
  const pending = <PendingChart title={DASHBOARD_TEXT.perRepresentative} height={representativeChartHeight(representatives.length)} />;
  if (!mayLoad) return pending;
  return (
    <Suspense fallback={pending}>
      <RepresentativeChart representatives={representatives} />
    </Suspense>
  );
}
