// The height of the per-representative chart: two bars a representative, each with its words at
// its end (DashboardCharts.tsx). Shared with the space kept for it while its code loads
// (DashboardPage.tsx), so the page does not move when it arrives.
export function representativeChartHeight(representatives: number): number {
  return Math.max(160, representatives * 72 + 60);
}
