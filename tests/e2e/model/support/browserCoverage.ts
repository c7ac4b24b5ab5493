// Records what the browser-driven model suites traversed, with the same recorder as the unit
// suites (tests/machines/modelCoverage.ts, `recordCoverage`: one file per call in
// MODEL_COVERAGE_DIR, nothing when it is unset), tagged `via: 'browser'` so that `npm run
// test:model` can count the transitions driven through the real app apart from the model's own.
import type { AnyStateMachine } from 'xstate';
import { coverageSummary, recordCoverage, type CoverageSummary } from '../../../machines/modelCoverage';

/** A recorded summary of transitions taken through Chromium, not by the machine alone. */
export interface BrowserCoverage extends CoverageSummary {
  via: 'browser';
}

export function recordBrowserCoverage(machine: AnyStateMachine, transitions: ReadonlySet<string>, paths: number): BrowserCoverage {
  const summary: BrowserCoverage = { ...coverageSummary(machine, { paths: [], traversed: new Set(transitions) }), paths, via: 'browser' };
  recordCoverage(summary, transitions);
  return summary;
}
