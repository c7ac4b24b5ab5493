// How long filling the intake PDF takes for a full intake (planning, drawing by glyph id with the
// template's font, writing the update after the template's bytes), in Node, median and p95 over
// sequential runs. The browser does the
// same work in a Web Worker. Run alone with `npx tsx bench/pdf.bench.ts`.
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { toApiIntake } from '../src/domain/intake';
import { fillIntakePdf } from '../src/pdf/fill';
import { readPdfAssets } from '../scripts/pdf-assets';
import { fullValidIntake, withFields } from '../tests/domain/intake/fixtures';
import { percentile, round, timeSequential, type GoalRow } from './support';

const WARM_UP_RUNS = 3;
const TIMED_RUNS = 30;

export async function runPdfFillBenchRows(): Promise<GoalRow[]> {
  const { templateBytes, fontBytes } = await readPdfAssets();
  const intake = toApiIntake(fullValidIntake());
  const fill = async () => {
    const bytes = await fillIntakePdf(intake, templateBytes, fontBytes);
    // A broken fill must not pass as a fast one.
    if (bytes.length < templateBytes.length) throw new Error('the filled PDF is smaller than the template');
    return bytes;
  };
  await timeSequential(WARM_UP_RUNS, fill);
  const samples = await timeSequential(TIMED_RUNS, fill);
  const size = (await fill()).length;
  // The floor: opening the blank template and saving it again, nothing drawn.
  const blank = async () => (await PDFDocument.load(templateBytes, { updateMetadata: false })).save();
  await timeSequential(WARM_UP_RUNS, blank);
  const blankSamples = await timeSequential(TIMED_RUNS, blank);
  // The rarer fill: a letter the template's font lacks (Georgian) takes a subset embedded in that
  // document, as every fill did before the template carried the font (src/pdf/fill.ts).
  const otherScript = withFields(fullValidIntake(), { 'personalInformation.firstName': 'ნინო' });
  const withSubset = () => fillIntakePdf(otherScript, templateBytes, fontBytes);
  await timeSequential(WARM_UP_RUNS, withSubset);
  const withSubsetSamples = await timeSequential(TIMED_RUNS, withSubset);
  return [
    { benchmark: `PDF fill, full intake (Node, ${TIMED_RUNS} runs): median`, value: round(percentile(samples, 50)), unit: 'ms' },
    { benchmark: `PDF fill, full intake (Node, ${TIMED_RUNS} runs): p95`, value: round(percentile(samples, 95)), unit: 'ms' },
    { benchmark: 'PDF fill, full intake: file size', value: round(size / 1024), unit: 'KiB' },
    {
      benchmark: 'PDF blank template (with its part of the value font): file size',
      value: round(templateBytes.length / 1024),
      unit: 'KiB',
    },
    {
      benchmark: `PDF blank template load + save (Node, ${TIMED_RUNS} runs): median`,
      value: round(percentile(blankSamples, 50), 2),
      unit: 'ms',
    },
    {
      benchmark: `PDF fill, full intake with a Georgian first name, subset embedded (Node, ${TIMED_RUNS} runs): median`,
      value: round(percentile(withSubsetSamples, 50), 2),
      unit: 'ms',
    },
    {
      benchmark: 'PDF fill with a subset embedded vs blank load + save (medians)',
      value: round(percentile(withSubsetSamples, 50) / percentile(blankSamples, 50), 1),
      unit: 'x',
    },
    {
      benchmark: 'PDF fill vs blank load + save (medians)',
      value: round(percentile(samples, 50) / percentile(blankSamples, 50), 1),
      unit: 'x',
      goal: '<= 1.2 x',
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPdfFillBenchRows()
    .then((rows) => console.table(rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
