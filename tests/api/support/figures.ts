// Figures the robustness tests measure (requests sent, 5xx seen, writes lost, duplicates...).
// `npm run soak` runs the long versions of those tests and prints what they recorded; under
// `npm test` nothing is written. Sizes come from the environment so that one test serves both.
import { appendFileSync } from 'node:fs';

/** A size for this run: the soak's when it runs, the quick one otherwise. */
export function size(name: string, quick: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : quick;
}

/** Adds `value` to the figure `name` of the soak report, when there is one. */
export function recordFigure(name: string, value: number): void {
  const file = process.env.SOAK_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}
