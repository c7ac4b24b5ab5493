// Made-up intakes shaped like a real firm's: skewed names (a common surname in about 6% of rows,
// names beginning 'mar' in about 18%), accents, a long tail of rare surnames, rows updated out of
// the order they were created in, and one intake in five final. Deterministic (a seeded PRNG), so
// every run and both databases get the same rows, and the bench knows every expected answer.
import { emptyIntake, toApiIntake } from '../src/domain/intake';
import type { IntakeStatus } from '../src/domain/enums';
import { newIntakeRow } from '../server/intakes/repository';
import { parseSearch, type SearchQuery } from '../server/intakes/search';

/** mulberry32: small, fast, good enough to shape test data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted = readonly (readonly [string, number])[];

// Percent of rows. 'Mar...' first names 6%, 'Mar...' surnames 12.8%: together about 18% of rows.
const commonFirstNames: Weighted = [
  ['Maria', 4],
  ['Marco', 1],
  ['Mario', 1],
  ['José', 3],
  ['Juan', 3],
  ['Ana', 2.5],
  ['Luis', 2.5],
  ['Carlos', 2],
  ['Inés', 1],
  ['Zoë', 0.5],
  ['Sofía', 2],
  ['Jesús', 1.5],
  ['Camila', 1.5],
  ['Andrés', 1.5],
];
const commonLastNames: Weighted = [
  ['García', 3.5],
  ['Garcia', 2.5],
  ['Martínez', 4],
  ['Martinez', 3],
  ['Marquez', 3],
  ['Marín', 1.5],
  ['Marsh', 1.3],
  ['Rodríguez', 3],
  ['López', 3],
  ['Hernández', 3],
  ['González', 2.5],
  ['Pérez', 2],
  ['Núñez', 1],
  ['Peña', 1],
  ['Ibáñez', 0.5],
  ['Müller', 0.5],
  ["O'Brien", 0.5],
  ['Nguyen', 2],
  ['Smith', 2],
  ['Johnson', 1.5],
];
// The long tail: syllable pairs and triples, never beginning 'mar' or 'garcia'.
const syllables = [
  'ka',
  'lo',
  'ven',
  'dri',
  'sto',
  'bel',
  'tor',
  'qui',
  'han',
  'zel',
  'pru',
  'dem',
  'fal',
  'nor',
  'wes',
  'ti',
  'rou',
  'gel',
  'bra',
  'sin',
];

function tailName(random: () => number): string {
  const parts = 2 + Math.floor(random() * 2);
  let name = '';
  for (let index = 0; index < parts; index += 1) name += syllables[Math.floor(random() * syllables.length)];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function pick(random: () => number, weighted: Weighted): string | undefined {
  let roll = random() * 100;
  for (const [name, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return undefined;
}

export interface BenchScenario {
  name: string;
  query: string;
  expectRows: number;
  expectTotal: number;
  /** The goal for this figure, in ms (p95). */
  goalMs: number;
}

/** The list's search semantics (server/intakes/search.ts), evaluated on one row's words. */
function matches(words: readonly string[], query: SearchQuery): boolean {
  return query.every((phrase) =>
    words.some((_, start) =>
      phrase.every((word, offset) => {
        const candidate = words[start + offset];
        return candidate !== undefined && (offset === phrase.length - 1 ? candidate.startsWith(word) : candidate === word);
      }),
    ),
  );
}

/**
 * One client with the commonest surname and a first name nobody else has (no tail name begins
 * with 'x'): typed as staff type it, the search narrows some 6% of the firm to one row.
 */
const ONE_CLIENT = ['Xiomara', 'García'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const FINAL_SHARE = 0.2;
/** Share of intakes saved again long after they were made, in random order. */
const LATE_UPDATE_SHARE = 0.3;

export type BenchIntakeRow = ReturnType<typeof newIntakeRow>;

export interface FirmData {
  count: number;
  finals: number;
  /** Texts searched for, with how many rows each matches. */
  expected: Map<string, number>;
  /** The one client of that name: their name and phone as typed into the search (one match each). */
  oneClient: { name: string; phone: string };
}

/**
 * Makes `count` intakes of one firm, handing them to `store` in batches (a million rows do not fit
 * in memory at once), and counts how many rows each of `searches` must find.
 */
export async function makeFirmIntakes(
  firmId: string,
  representative: { id: string; name: string },
  count: number,
  seed: number,
  searches: readonly string[],
  store: (batch: BenchIntakeRow[]) => Promise<void>,
): Promise<FirmData> {
  const random = seededRandom(seed);
  const blank = toApiIntake(emptyIntake());
  const start = Date.parse('2019-01-01T00:00:00.000Z');
  const span = 6 * 365 * DAY_MS;
  const parsed = searches.map((text) => [text, parseSearch(text)] as const);
  const expected = new Map(searches.map((text) => [text, 0]));
  let rows: BenchIntakeRow[] = [];
  let finals = 0;
  let oneClient: FirmData['oneClient'] | undefined;
  for (let index = 0; index < count; index += 1) {
    const oneClientHere = index === Math.floor(count / 2);
    let firstName = pick(random, commonFirstNames) ?? tailName(random);
    let lastName = pick(random, commonLastNames) ?? tailName(random);
    if (oneClientHere) [firstName, lastName] = ONE_CLIENT;
    const digits = String(index).padStart(7, '0');
    const phone = `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`;
    const status: IntakeStatus = random() < FINAL_SHARE ? 'final' : 'draft';
    const createdAt = start + Math.floor((index / count) * span);
    // Most are saved within days of being made; some much later, out of creation order.
    const late = random() < LATE_UPDATE_SHARE;
    const updatedAt = createdAt + Math.floor(random() * (late ? 2 * 365 : 3) * DAY_MS);
    const sections = {
      ...blank,
      personalInformation: {
        ...blank.personalInformation,
        firstName,
        lastName,
        phoneNumber: phone,
        email: `${firstName}.${lastName}${index}@example.test`
          .normalize('NFKD')
          .replace(/[^\x20-\x7e]/g, '')
          .replace(/[' ]/g, '')
          .toLowerCase(),
        address: `${index} Sample Street, Testville`,
      },
    };
    const row = newIntakeRow(
      { firmId, status, representativeId: representative.id, representativeName: representative.name, sections },
      new Date(createdAt),
    );
    row.updated_at = new Date(updatedAt).toISOString();
    rows.push(row);
    if (status === 'final') finals += 1;
    const words = row.search_terms.split(' ');
    for (const [text, query] of parsed) if (matches(words, query)) expected.set(text, (expected.get(text) ?? 0) + 1);
    if (oneClientHere) oneClient = { name: `${firstName} ${lastName}`, phone };
    if (rows.length === BATCH) {
      await store(rows);
      rows = [];
    }
  }
  if (rows.length > 0) await store(rows);
  return { count, finals, expected, oneClient: oneClient ?? { name: 'nobody', phone: '000' } };
}

/** Rows per insert statement: well under both databases' limits on bound parameters. */
const BATCH = 1_000;
