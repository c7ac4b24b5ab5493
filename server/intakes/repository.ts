// All SQL about intakes (docs/architecture.md, Intakes): the sections as one JSON text, and beside them the
// columns the intake list filters, sorts and searches, always derived from the sections here so
// the two cannot disagree. Every query names the firm (docs/architecture.md, Tenancy).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { toCalendarIso } from '../../src/domain/dates';
import { intakeStatuses, type IntakeStatus } from '../../src/domain/enums';
import { sectionKeys, type ApiGeneralCaseInformation, type SectionKey } from '../../src/domain/intake';
import { runCompiledOnce } from '../db/compiledOnce';
import { createSharedReads, type SharedReads } from '../db/sharedReads';
import { writeIntakeParties } from '../conflicts/parties';
import { databaseKind, type Database } from '../db/database';
import { type IntakeRow } from './tables';
import { intakeSearchTerms, keptPrefix, toFts5AnyFirmQuery, toFts5ListQuery, toTsQuery, type SearchQuery } from './search';

export type { IntakeRow };

/** The seven sections as the API carries them (ISO dates, integer counts). */
export type IntakeSections = Pick<ApiGeneralCaseInformation, SectionKey>;

export interface NewIntake {
  firmId: string;
  status: IntakeStatus;
  representativeId: string | null;
  representativeName: string | null;
  /** personalInformation.ssnItin is not stored from here: it goes sealed in ssnItinSealed. */
  sections: IntakeSections;
  /** The client's SSN/ITIN sealed by the service (server/crypto/piiCipher.ts); null for none. */
  ssnItinSealed?: string | null;
}

/**
 * The table's own columns. Listed rather than `selectAll`, because PostgreSQL adds a generated
 * search vector (migration 0006) that no caller needs.
 */
const intakeColumns = [
  'case_id',
  'firm_id',
  'status',
  'representative_id',
  'representative_name',
  'client_first_name',
  'client_last_name',
  'client_name',
  'client_phone',
  'client_email',
  'search_terms',
  'sections',
  'ssn_itin_sealed',
  'incident_date',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof IntakeRow)[];

/**
 * Only the section keys, in their order: server-owned fields (caseId, status, ...) are columns.
 * The SSN/ITIN is always blanked: it lives sealed in its own column (migration 0008), never here.
 */
export function sectionsJson(sections: IntakeSections): string {
  const stored = { ...sections, personalInformation: { ...sections.personalInformation, ssnItin: '' } };
  return JSON.stringify(Object.fromEntries(sectionKeys.map((key) => [key, stored[key]])));
}

export function parseSections(row: Pick<IntakeRow, 'sections'>): IntakeSections {
  return JSON.parse(row.sections) as IntakeSections;
}

/** The searchable columns of an intake, from its personal information. */
export function clientColumns({ personalInformation: person }: IntakeSections) {
  return {
    client_first_name: person.firstName.trim(),
    client_last_name: person.lastName.trim(),
    client_name: [person.firstName, person.middleName, person.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' '),
    client_phone: person.phoneNumber.trim(),
    client_email: person.email.trim(),
  };
}

/**
 * The incident date as its own column ('YYYY-MM-DD' or null), so the dashboard finds deadlines
 * through an index (docs/product/dashboard.md#deadlines).
 */
export function incidentDateColumn({ incidentDescription }: IntakeSections): string | null {
  return toCalendarIso(incidentDescription.incidentDate);
}

function searchTermsOf(caseId: string, sections: IntakeSections, representativeName: string | null): string {
  const client = clientColumns(sections);
  return intakeSearchTerms({
    caseId,
    clientName: client.client_name,
    clientPhone: client.client_phone,
    clientEmail: client.client_email,
    representativeName,
  });
}

/** The row of a new intake with a fresh caseId (uuid); exported for bulk loads (bench). */
export function newIntakeRow(intake: NewIntake, now: Date = new Date()) {
  const timestamp = now.toISOString();
  const caseId = randomUUID();
  return {
    case_id: caseId,
    firm_id: intake.firmId,
    status: intake.status,
    representative_id: intake.representativeId,
    representative_name: intake.representativeName,
    ...clientColumns(intake.sections),
    incident_date: incidentDateColumn(intake.sections),
    search_terms: searchTermsOf(caseId, intake.sections, intake.representativeName),
    sections: sectionsJson(intake.sections),
    ssn_itin_sealed: intake.ssnItinSealed ?? null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** Stores a new intake with a fresh caseId (uuid). `db` may be a transaction. */
export async function insertIntake(db: Kysely<Database>, intake: NewIntake, now: Date = new Date()): Promise<IntakeRow> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('intakes').values(newIntakeRow(intake, now)).returning(intakeColumns).executeTakeFirstOrThrow();
    await writeIntakeParties(trx, row.firm_id, row.case_id, intake.sections);
    return row;
  });
}

/** `work` in `db` when it is a transaction already, else in a new one: an intake and its parties are written together. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The intake if it belongs to the firm; another firm's is as absent as a missing one. */
export async function findIntake(db: Kysely<Database>, firmId: string, caseId: string): Promise<IntakeRow | undefined> {
  return db.selectFrom('intakes').select(intakeColumns).where('case_id', '=', caseId).where('firm_id', '=', firmId).executeTakeFirst();
}

export interface IntakeChange {
  firmId: string;
  caseId: string;
  /** The updated_at the edit started from: the row changes only if it still has it. */
  expectedUpdatedAt: string;
  status: IntakeStatus;
  sections: IntakeSections;
  ssnItinSealed: string | null;
  /** The stored representative (it never changes after creation), for the search words. */
  representativeName: string | null;
}

/**
 * The next version stamp: now, but always later than the one it replaces, so two saves within
 * one millisecond still leave different versions and a stale edit cannot slip through.
 */
export function nextVersion(previous: string, now: Date): string {
  const after = Date.parse(previous) + 1;
  return new Date(Number.isNaN(after) ? now.getTime() : Math.max(now.getTime(), after)).toISOString();
}

/**
 * Writes a draft's new content in one statement that also checks the version and the status
 * (docs/architecture.md, Intakes: final intakes are read-only, stale updates are refused), so two saves
 * racing each other cannot both pass the check. Undefined when nothing changed: the caller reads
 * the row to tell missing, final and stale apart.
 */
export async function updateDraftIntake(
  db: Kysely<Database>,
  change: IntakeChange,
  now: Date = new Date(),
): Promise<IntakeRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await updateDraftRow(trx, change, now);
    // The conflict check's parties follow every saved change (docs/product/conflicts.md).
    if (row) await writeIntakeParties(trx, row.firm_id, row.case_id, change.sections);
    return row;
  });
}

function updateDraftRow(db: Kysely<Database>, change: IntakeChange, now: Date): Promise<IntakeRow | undefined> {
  return db
    .updateTable('intakes')
    .set({
      status: change.status,
      ...clientColumns(change.sections),
      incident_date: incidentDateColumn(change.sections),
      search_terms: searchTermsOf(change.caseId, change.sections, change.representativeName),
      sections: sectionsJson(change.sections),
      ssn_itin_sealed: change.ssnItinSealed,
      updated_at: nextVersion(change.expectedUpdatedAt, now),
    })
    .where('case_id', '=', change.caseId)
    .where('firm_id', '=', change.firmId)
    .where('updated_at', '=', change.expectedUpdatedAt)
    .where('status', '=', 'draft')
    .returning(intakeColumns)
    .executeTakeFirst();
}

export type IntakeListRow = Pick<IntakeRow, 'case_id' | 'client_name' | 'representative_name' | 'created_at' | 'updated_at' | 'status'>;

export interface IntakePageQuery {
  firmId: string;
  status?: IntakeStatus;
  /** Parsed search (search.ts); empty for no search. */
  search: SearchQuery;
  limit: number;
  offset: number;
  /**
   * PostgreSQL: the one phrase of the search the GIN index reads, when the kept totals show it is
   * rare (`withRarePhrase`); the whole search is then checked on its few matches. Unset: the
   * index reads every phrase.
   */
  rarePhrase?: string[];
}

/** SQLite's FTS5 table (migration 0014): the search words plus what a search page needs. */
interface IntakesSearchTable {
  case_id: string;
  updated_at: string;
  firm_key: string;
  status: IntakeStatus;
  case_key: string;
  terms: string;
}

const listColumns = ['case_id', 'client_name', 'representative_name', 'created_at', 'updated_at', 'status'] as const;

/**
 * Which rows of the list a page reads and how (docs/product/intake-list.md, the list). The list is
 * newest update first; a page past the middle is read from the other end (oldest first, then
 * reversed), so the last page costs what the first one does.
 */
export interface PagePlan {
  /** Newest first (the list's own order) or oldest first (a page nearer the end). */
  descending: boolean;
  offset: number;
  limit: number;
  /**
   * A search with many matches: walk the firm's list index in order and keep the rows that match,
   * instead of sorting every match. A page then reads about (offset + limit) x rows / matches
   * index entries, whatever the number of matches.
   */
  walk: boolean;
}

/** The list's own plan: newest first from the top, matches sorted. */
function topDown(query: IntakePageQuery): PagePlan {
  return { descending: true, offset: query.offset, limit: query.limit, walk: false };
}

/**
 * The page's rows counted from the nearer end of `total` rows; undefined when the page lies past
 * the end (an empty page, nothing to read).
 */
export function nearerEnd(total: number, offset: number, limit: number): Omit<PagePlan, 'walk'> | undefined {
  const end = Math.min(total, offset + limit);
  if (offset >= end) return undefined;
  const fromBottom = total - end;
  return fromBottom < offset
    ? { descending: false, offset: fromBottom, limit: end - offset }
    : { descending: true, offset, limit: end - offset };
}

/**
 * What checking one row against the search costs, in units of sorting one match: a walk is chosen
 * when it reads fewer rows than this many times the matches (measured with `npm run bench`).
 */
const WALK_ROW_COST = 8;

function shouldWalk(matches: number, rows: number, plan: Omit<PagePlan, 'walk'>): boolean {
  if (matches === 0) return false;
  const rowsRead = ((plan.offset + plan.limit) * rows) / matches;
  return rowsRead * WALK_ROW_COST < matches;
}

/**
 * SQLite's search: the FTS5 index finds the matches of the firm (and status) from its own words,
 * and only the page's rows are read from intakes.
 */
function matchingKeys(db: Kysely<Database>, query: IntakePageQuery) {
  return db
    .withTables<{ intakes_search: IntakesSearchTable }>()
    .selectFrom('intakes_search')
    .where(sql<SqlBool>`intakes_search match ${toFts5ListQuery(query.search, query.firmId, query.status)}`);
}

/** The firm's intakes, optionally of one status, through the list indexes. */
function ofFirm(db: Kysely<Database>, query: IntakePageQuery) {
  let base = db.selectFrom('intakes').where('firm_id', '=', query.firmId);
  if (query.status) base = base.where('status', '=', query.status);
  return base;
}

/**
 * PostgreSQL's search through the GIN index on search_vector alone. The firm and status are
 * checked on the matching rows (`is true` keeps them out of the index choice): without planner
 * statistics PostgreSQL would otherwise also read the firm's whole list index to intersect it
 * with the few matches.
 */
function filtered(db: Kysely<Database>, query: IntakePageQuery) {
  if (query.search.length === 0) return ofFirm(db, query);
  let base = db.selectFrom('intakes').where(sql<SqlBool>`(firm_id = ${query.firmId}) is true`);
  if (query.status) base = base.where(sql<SqlBool>`(status = ${query.status}) is true`);
  const matches = sql<SqlBool>`search_vector @@ to_tsquery('simple', ${toTsQuery(query.search)})`;
  if (!query.rarePhrase) return base.where(matches);
  return base
    .where(sql<SqlBool>`search_vector @@ to_tsquery('simple', ${toTsQuery([query.rarePhrase])})`)
    .where(sql<SqlBool>`(${matches}) is true`);
}

/**
 * The firm's list in index order, keeping the rows that match the search, row by row from the
 * row's own words: on SQLite with intake_matches (server/db/openSqlite.ts, the same rule as FTS5),
 * on PostgreSQL with its search_vector. `is true` keeps PostgreSQL from answering through the GIN
 * index, which would sort every match again.
 */
function walked(db: Kysely<Database>, query: IntakePageQuery) {
  const base = ofFirm(db, query);
  if (databaseKind(db) === 'postgres') {
    return base.where(sql<SqlBool>`(search_vector @@ to_tsquery('simple', ${toTsQuery(query.search)})) is true`);
  }
  return base.where(sql<SqlBool>`intake_matches(search_terms, ${JSON.stringify(query.search)})`);
}

function usesFts5(db: Kysely<Database>, query: IntakePageQuery): boolean {
  return query.search.length > 0 && databaseKind(db) === 'sqlite';
}

/**
 * The query behind a page of listIntakes, exposed so a test can read its plan. The page's case
 * IDs are found first, from the index (or the FTS5 table) alone, and only those rows are read:
 * a deep page skips index entries, not whole intakes. SQLite reads a page without a search from
 * its list index alone, which holds the shown columns too (migration 0021).
 */
export function intakePageQuery(db: Kysely<Database>, query: IntakePageQuery, plan: PagePlan = topDown(query)) {
  const direction = plan.descending ? 'desc' : 'asc';
  if (query.search.length === 0 && databaseKind(db) === 'sqlite') {
    // SQLite's list indexes hold every column of a list row (migration 0021): the page is read
    // from the index alone, without the rows and their overflow pages. Newest first is already
    // the list's order; a page read from the far end is put back in it.
    const page = ofFirm(db, query)
      .select(listColumns)
      .orderBy('updated_at', direction)
      .orderBy('case_id', direction)
      .limit(plan.limit)
      .offset(plan.offset);
    if (plan.descending) return page;
    return db.selectFrom(page.as('page')).selectAll().orderBy('updated_at', 'desc').orderBy('case_id', 'desc');
  }
  const keys =
    plan.walk && query.search.length > 0 ? walked(db, query) : usesFts5(db, query) ? matchingKeys(db, query) : filtered(db, query);
  const page = (keys as ReturnType<typeof ofFirm>)
    .select('case_id')
    .orderBy('updated_at', direction)
    .orderBy('case_id', direction)
    .limit(plan.limit)
    .offset(plan.offset);
  // The keys are already the firm's; naming the firm again here would let a planner without
  // statistics walk the firm's index instead of looking the ten keys up.
  return db.selectFrom('intakes').select(listColumns).where('case_id', 'in', page).orderBy('updated_at', 'desc').orderBy('case_id', 'desc');
}

/** The query behind a search's totalRecords, exposed so a test can read its plan. */
export function intakeCountQuery(db: Kysely<Database>, query: IntakePageQuery) {
  const total = sql<number>`count(*)`.as('total');
  return usesFts5(db, query) ? matchingKeys(db, query).select(total) : filtered(db, query).select(total);
}

/** A count by subtraction names every other firm in its FTS5 query; past this many it counts directly. */
const SUBTRACTED_FIRMS_MAX = 100;

/**
 * SQLite's count of a search in a firm that holds most of the rows (of the status): every firm's
 * matches minus the other firms'. Narrowing to the firm inside FTS5 reads the firm's whole list of
 * rows, a million entries for a firm of a million, which was three quarters of the count; the
 * other firms' lists are the shorter ones. One statement, so the other firms (from intake_totals)
 * and both counts are read at the same moment and the total stays exact.
 */
function subtractedCount(db: Kysely<Database>, query: IntakePageQuery) {
  let others = db.selectFrom('intake_totals').select('firm_id').distinct().where('firm_id', '<>', query.firmId).where('total', '>', 0);
  if (query.status) others = others.where('status', '=', query.status);
  // Firm ids are the server's uuids: the FTS5 word is the id without dashes (migration 0014).
  const otherKeys = db
    .selectFrom(others.as('others'))
    .select(sql<string>`group_concat('"' || lower(replace(firm_id, '-', '')) || '"', ' OR ')`.as('keys'));
  const words = toFts5AnyFirmQuery(query.search, query.status);
  const count = (match: ReturnType<typeof sql<string>>) =>
    sql<number>`(select count(*) from intakes_search where intakes_search match ${match})`;
  const ofOthers = count(sql<string>`'firm_key : (' || (${otherKeys}) || ') AND ' || ${words}`);
  return sql<{
    total: number;
  }>`select ${count(sql<string>`${words}`)} - (case when (${otherKeys}) is null then 0 else ${ofOthers} end) as total`;
}

/**
 * Whether SQLite counts a search by subtraction: the firm holds more of the rows (of the status)
 * than all the other firms together, and they are few enough to name.
 */
async function countsBySubtraction(db: Kysely<Database>, query: IntakePageQuery, rows: number): Promise<boolean> {
  let all = db
    .selectFrom('intake_totals')
    .select([sql<number>`coalesce(sum(total), 0)`.as('rows'), sql<number>`count(distinct firm_id)`.as('firms')])
    .where('total', '>', 0);
  if (query.status) all = all.where('status', '=', query.status);
  const everyFirm = await all.executeTakeFirstOrThrow();
  return rows > Number(everyFirm.rows) - rows && Number(everyFirm.firms) - 1 <= SUBTRACTED_FIRMS_MAX;
}

/** The kept totals (migration 0020) of `prefixes` in the firm (of the status), one per prefix; 0 for none. */
async function keptTotals(db: Kysely<Database>, query: IntakePageQuery, prefixes: readonly string[]): Promise<Map<string, number>> {
  let totals = db
    .selectFrom('intake_prefix_totals')
    .select(['prefix', sql<number>`coalesce(sum(total), 0)`.as('total')])
    .where('firm_id', '=', query.firmId)
    .where('prefix', 'in', prefixes)
    .groupBy('prefix');
  totals = query.status ? totals.where('status', '=', query.status) : totals.where('status', 'in', intakeStatuses);
  const rows = await totals.execute();
  return new Map(prefixes.map((prefix) => [prefix, Number(rows.find((row) => row.prefix === prefix)?.total ?? 0)]));
}

/**
 * The total of a search kept in intake_prefix_totals (migration 0020), or undefined when the search
 * is not one the table answers: one word without a digit, of at most PREFIX_MAX characters. A
 * common name ('garcia', 'mar') is then as cheap to count as a rare one.
 */
async function keptSearchTotal(db: Kysely<Database>, query: IntakePageQuery): Promise<number | undefined> {
  const prefix = keptPrefix(query.search);
  if (prefix === undefined) return undefined;
  return (await keptTotals(db, query, [prefix])).get(prefix);
}

/** A phrase matching at most this many intakes reads the GIN index alone (`withRarePhrase`). */
const RARE_PHRASE_MAX = 200;

/**
 * The query with its rare phrase on PostgreSQL: a search of several one-word phrases whose kept
 * totals (migration 0020) show one matching at most RARE_PHRASE_MAX intakes ('Xiomara García':
 * 'xiomara' two, 'garcia' six in a hundred). A GIN index reads every posting of each prefix it is
 * asked for, so the common one alone made a name search over ten times slower; the rare phrase's
 * few matches are checked against the whole search instead (README, Performance).
 * Any other search, and SQLite's FTS5, read the index as before.
 */
export async function withRarePhrase(db: Kysely<Database>, query: IntakePageQuery): Promise<IntakePageQuery> {
  if (databaseKind(db) !== 'postgres' || query.search.length < 2) return query;
  const words = query.search.map((phrase) => keptPrefix([phrase]));
  if (words.some((word) => word === undefined)) return query;
  const totals = await keptTotals(db, query, words as string[]);
  const [rarest, total] = [...totals].reduce((least, entry) => (entry[1] < least[1] ? entry : least));
  return total <= RARE_PHRASE_MAX ? { ...query, rarePhrase: [rarest] } : query;
}

/** How many of the firm's intakes match the search. */
async function searchTotal(db: Kysely<Database>, query: IntakePageQuery, rows: number): Promise<number> {
  const kept = await keptSearchTotal(db, query);
  if (kept !== undefined) return kept;
  if (usesFts5(db, query) && (await countsBySubtraction(db, query, rows))) {
    const {
      rows: [row],
    } = await subtractedCount(db, query).execute(db);
    return Number(row?.total ?? 0);
  }
  return Number((await intakeCountQuery(db, query).executeTakeFirstOrThrow()).total);
}

/**
 * The list's total and its page without a search are read by everyone who opens the list, far more
 * often than intakes are written: on SQLite they are answered from memory until the next write
 * (db/sqliteReadNow.ts).
 */
const untilWritten = { keepUntilWritten: true };

/** How many intakes the firm has (of one status), from the totals the triggers keep (migration 0013). */
export async function intakeTotal(db: Kysely<Database>, firmId: string, status?: IntakeStatus): Promise<number> {
  // Every list request reads it: compiled once (db/compiledOnce.ts).
  const values: Record<string, string> = status ? { firmId, status } : { firmId };
  const [row] = await runCompiledOnce(
    db,
    'intakeTotal',
    values,
    (stand) => {
      const totals = db
        .selectFrom('intake_totals')
        .select(sql<number>`coalesce(sum(total), 0)`.as('total'))
        .where('firm_id', '=', stand.firmId as string);
      return stand.status === undefined ? totals : totals.where('status', '=', stand.status as IntakeStatus);
    },
    untilWritten,
  );
  return Number(row?.total ?? 0);
}

/** A page without a search, the list's most frequent query: compiled once (db/compiledOnce.ts). */
function unsearchedPage(db: Kysely<Database>, query: IntakePageQuery, plan: PagePlan): Promise<readonly IntakeListRow[]> {
  const { firmId, status } = query;
  const values: Record<string, string | number> = { firmId, limit: plan.limit, offset: plan.offset, ...(status ? { status } : {}) };
  return runCompiledOnce(
    db,
    plan.descending ? 'intakePage:desc' : 'intakePage:asc',
    values,
    (stand) =>
      intakePageQuery(
        db,
        { firmId: stand.firmId as string, status: stand.status as IntakeStatus | undefined, search: [], limit: 0, offset: 0 },
        { ...plan, limit: stand.limit as number, offset: stand.offset as number },
      ),
    untilWritten,
  );
}

/** One page of the firm's intakes and how many match in all. */
export interface IntakePage {
  rows: readonly IntakeListRow[];
  total: number;
}

/**
 * A list without a search, shared by the requests that wait for the same page of the same firm
 * (db/sharedReads.ts): everyone opening the list asks for page 1. Inside a transaction the read is
 * the request's own, since it may see the transaction's uncommitted rows.
 */
const sharedPages = new WeakMap<object, SharedReads<IntakePage>>();

function unsearchedList(db: Kysely<Database>, query: IntakePageQuery): Promise<IntakePage> {
  const read = async (): Promise<IntakePage> => {
    const total = await intakeTotal(db, query.firmId, query.status);
    const window = nearerEnd(total, query.offset, query.limit);
    return { rows: window ? await unsearchedPage(db, query, { ...window, walk: false }) : [], total };
  };
  if (db.isTransaction) return read();
  let pages = sharedPages.get(db.getExecutor());
  if (!pages) {
    pages = createSharedReads<IntakePage>();
    sharedPages.set(db.getExecutor(), pages);
  }
  return pages.read(`${query.firmId}|${query.status ?? ''}|${query.limit}|${query.offset}`, read);
}

/** One page of the firm's intakes, most recently updated first, and how many match in all. */
export async function listIntakes(db: Kysely<Database>, asked: IntakePageQuery): Promise<IntakePage> {
  if (asked.search.length === 0) return unsearchedList(db, asked);
  const query = await withRarePhrase(db, asked);
  const rows = await intakeTotal(db, query.firmId, query.status);
  const total = await searchTotal(db, query, rows);
  const window = nearerEnd(total, query.offset, query.limit);
  if (!window) return { rows: [], total };
  const plan = { ...window, walk: shouldWalk(total, rows, window) };
  return { rows: await intakePageQuery(db, query, plan).execute(), total };
}
