// Shared pieces of the benchmarks: percentiles and a report row. Benchmarks print figures; they
// assert nothing (speed is measured here, never in tests).

export interface BenchRow {
  benchmark: string;
  value: number;
  unit: string;
}

/** The p-th percentile (0..100) of the samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Milliseconds taken by each of `count` sequential runs of `work`. */
export async function timeSequential(count: number, work: (index: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await work(index);
    samples.push(performance.now() - start);
  }
  return samples;
}
