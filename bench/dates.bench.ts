// Date formatting as the lists and the dashboard do it for every row (src/domain/dates.ts): one
// formatted date through the cached Intl.DateTimeFormat, beside building a new one for each date as
// the code once did. Alone: `npx tsx bench/dates.bench.ts`.
import { pathToFileURL } from 'node:url';
import { formatLocalDate } from '../src/domain/dates';
import { round, type GoalRow } from './support';

const DATES = 20_000;

function microsecondsPerDate(format: (iso: string) => string | null): number {
  const stamps = Array.from({ length: DATES }, (_, index) => new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString());
  const started = performance.now();
  for (const stamp of stamps) format(stamp);
  return ((performance.now() - started) * 1000) / DATES;
}

export function runDatesBenchRows(): Promise<GoalRow[]> {
  const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const uncached = microsecondsPerDate((iso) => new Intl.DateTimeFormat('en-US', options).format(new Date(iso)));
  const cached = microsecondsPerDate((iso) => formatLocalDate(iso));
  return Promise.resolve([
    {
      benchmark: 'date formatting, cached Intl.DateTimeFormat (formatLocalDate)',
      value: round(cached, 2),
      unit: 'µs/date',
      goal: 'cached',
    },
    { benchmark: 'date formatting, a new Intl.DateTimeFormat per date (before)', value: round(uncached, 2), unit: 'µs/date', goal: '' },
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runDatesBenchRows().then((rows) => console.table(rows));
}
