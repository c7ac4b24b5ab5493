// The dashboard's two charts (docs/product/dashboard.md#charts), drawn by Recharts, which loads only with
// this page, after its numbers (LazyCharts.tsx). Every bar carries its number and kind in words, so nothing depends on colour alone;
// the drawing is hidden from screen readers, which read the same numbers from a table instead.
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '../../../api/dashboard';
import { visuallyHidden } from '../../components/TextInput/field.css';
import * as layout from '../../theme/layout.css';
import { vars } from '../../theme/vars.css';
import { representativeChartHeight } from './chartHeight';
import * as css from './dashboard.css';
import { DASHBOARD_TEXT, percentText } from './dashboardText';

const axisTick = { fill: vars.color.text, fontSize: 13 };

export function FunnelChart({ funnel }: { funnel: Dashboard['funnel'] }) {
  const stages = [
    { stage: DASHBOARD_TEXT.funnelLeads, count: funnel.leads, conversion: null },
    { stage: DASHBOARD_TEXT.funnelWithIntake, count: funnel.leadsWithIntake, conversion: funnel.intakeRate },
    { stage: DASHBOARD_TEXT.funnelFinal, count: funnel.finalIntakes, conversion: funnel.finalRate },
    { stage: DASHBOARD_TEXT.funnelSigned, count: funnel.signedEngagements, conversion: funnel.signedRate },
  ].map((row) => ({ ...row, label: row.conversion === null ? String(row.count) : `${row.count} (${percentText(row.conversion)})` }));
  return (
    <figure className={css.figure} aria-labelledby="dashboard-funnel">
      <h2 id="dashboard-funnel" className={layout.sectionTitle}>
        {DASHBOARD_TEXT.funnel}
      </h2>
      <div className={css.chartArea} aria-hidden="true" data-chart="funnel">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={stages} layout="vertical" margin={{ left: 8, right: 72 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke={vars.color.border} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="stage" width={130} tick={axisTick} />
            <Bar dataKey="count" fill={vars.color.chartFunnel} isAnimationActive={false}>
              <LabelList dataKey="label" position="right" fill={vars.color.text} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* In a clipped box: a table is never narrower than its words, and would widen the page. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{DASHBOARD_TEXT.funnel}</caption>
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.stage}</th>
              <th scope="col">{DASHBOARD_TEXT.count}</th>
              <th scope="col">{DASHBOARD_TEXT.conversion}</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((row) => (
              <tr key={row.stage}>
                <th scope="row">{row.stage}</th>
                <td>{row.count}</td>
                <td>{row.conversion === null ? '' : percentText(row.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function RepresentativeChart({ representatives }: { representatives: Dashboard['representatives'] }) {
  const rows = representatives.map((row) => ({
    ...row,
    draftLabel: row.draft > 0 ? `${row.draft} ${DASHBOARD_TEXT.draft.toLowerCase()}` : '',
    finalLabel: row.final > 0 ? `${row.final} ${DASHBOARD_TEXT.final.toLowerCase()}` : '',
  }));
  // Two bars a representative, side by side, each with its words at its end: stacked, a short
  // segment could not hold its '2 draft' on a phone's width.
  const height = representativeChartHeight(rows.length);
  return (
    <figure className={css.figure} aria-labelledby="dashboard-representatives">
      <h2 id="dashboard-representatives" className={layout.sectionTitle}>
        {DASHBOARD_TEXT.perRepresentative}
      </h2>
      <div className={css.chartArea} style={{ height }} aria-hidden="true" data-chart="representatives">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 72 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke={vars.color.border} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="name" width={120} tick={axisTick} />
            <Legend formatter={(value: string) => <span style={{ color: vars.color.text }}>{value}</span>} />
            <Bar dataKey="final" name={DASHBOARD_TEXT.final} fill={vars.color.chartFinal} isAnimationActive={false}>
              <LabelList dataKey="finalLabel" position="right" fill={vars.color.text} />
            </Bar>
            <Bar dataKey="draft" name={DASHBOARD_TEXT.draft} fill={vars.color.chartDraft} isAnimationActive={false}>
              <LabelList dataKey="draftLabel" position="right" fill={vars.color.text} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* In a clipped box: a table is never narrower than its words, and would widen the page. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{DASHBOARD_TEXT.perRepresentative}</caption>
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.representative}</th>
              <th scope="col">{DASHBOARD_TEXT.draft}</th>
              <th scope="col">{DASHBOARD_TEXT.final}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.representativeId ?? ''}>
                <th scope="row">{row.name}</th>
                <td>{row.draft}</td>
                <td>{row.final}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
