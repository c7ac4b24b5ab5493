// What keeps the intake list's cost flat as a firm grows (docs/product/intake-list.md, the list), seen
// from outside: the totals the triggers keep (migration 0013) and the one-word search totals
// (migration 0020) always equal a count of the rows, through creates, saves, submissions,
// concurrent writes and deletes; and every way a page can be
// read (newest first, from the far end, walking the list for a common word, sorting the matches)
// answers the same rows in the same order as the list's definition.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyIntake, toApiIntake } from '../../src/domain/intake';
import type { IntakeStatus } from '../../src/domain/enums';
import { intakePageQuery, newIntakeRow, type PagePlan } from '../../server/intakes/repository';
import type { IntakeListItem } from '../../server/intakes/service';
import { KEPT_PREFIX_MAX, keptPrefix, parseSearch, searchWords } from '../../server/intakes/search';
import { PREFIX_MAX } from '../../server/db/migrations/0020_intake_prefix_totals';
import { createdIntake, draftIntake, intakePage, updateIntake, type Caller } from './support/intakes';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';

describe.each(testDatabases())('intake list at scale on %s', (kind) => {
  let server: TestServer;

  async function caller(firmId: string): Promise<Caller> {
    const user = await server.createUser({ firmId, privilege: 'owner', firstName: 'Tess', lastName: 'Totals' });
    return { user, token: await server.login(user.email, user.password) };
  }

  /** The totals table and a plain count of the firm's rows, per status. */
  async function totalsAndCounts(firmId: string) {
    const kept = await server.db.selectFrom('intake_totals').select(['status', 'total']).where('firm_id', '=', firmId).execute();
    const counted = await server.db
      .selectFrom('intakes')
      .select(['status', sql<number>`count(*)`.as('total')])
      .where('firm_id', '=', firmId)
      .groupBy('status')
      .execute();
    const asMap = (rows: { status: string; total: number | string }[]) =>
      Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]).filter(([, total]) => total !== 0));
    return { kept: asMap(kept), counted: asMap(counted) };
  }

  /**
   * The kept one-word search totals of the firm and the same counted from its rows: per status,
   * every prefix without a digit (at most 32 characters) of any word of search_terms, once per intake.
   */
  async function prefixTotalsAndCounts(firmId: string) {
    const kept = await server.db
      .selectFrom('intake_prefix_totals')
      .select(['status', 'prefix', 'total'])
      .where('firm_id', '=', firmId)
      .where('total', '<>', 0)
      .execute();
    const rows = await server.db.selectFrom('intakes').select(['status', 'search_terms']).where('firm_id', '=', firmId).execute();
    const counted = new Map<string, number>();
    for (const row of rows) {
      const prefixes = new Set<string>();
      for (const word of row.search_terms.split(' ')) {
        const letters = [...word];
        for (let length = 1; length <= Math.min(letters.length, KEPT_PREFIX_MAX); length += 1) {
          const prefix = letters.slice(0, length).join('');
          if (/[0-9]/.test(prefix)) break;
          prefixes.add(prefix);
        }
      }
      for (const prefix of prefixes) counted.set(`${row.status} ${prefix}`, (counted.get(`${row.status} ${prefix}`) ?? 0) + 1);
    }
    return {
      kept: Object.fromEntries(kept.map((row) => [`${row.status} ${row.prefix}`, Number(row.total)]).sort()),
      counted: Object.fromEntries([...counted].sort()),
    };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(() => server?.close());

  describe('totals', () => {
    let firmCaller: Caller;
    let firmId: string;

    beforeAll(async () => {
      const firm = await server.createFirm({ firmName: 'Totals Sample Firm' });
      firmId = firm.id;
      firmCaller = await caller(firm.id);
    });

    it('stay exact through create, save, submit as final and delete', async () => {
      const first = await createdIntake(server, firmCaller, draftIntake({ firstName: 'Una', lastName: 'Counted' }));
      const second = await createdIntake(server, firmCaller, draftIntake({ firstName: 'Dos', lastName: 'Counted' }));
      expect(await intakePage(server, firmCaller)).toMatchObject({ totalRecords: 2 });

      const saved = await updateIntake(
        server,
        firmCaller,
        first.caseId,
        draftIntake({ firstName: 'Una', lastName: 'Saved' }),
        first.updatedAt,
      );
      expect(saved.response.status).toBe(200);
      expect((await intakePage(server, firmCaller, { status: 'draft' })).totalRecords).toBe(2);

      const final = await updateIntake(server, firmCaller, second.caseId, { ...fullValidIntake(), status: 'final' }, second.updatedAt);
      expect(final.response.status).toBe(200);
      expect((await intakePage(server, firmCaller, { status: 'draft' })).totalRecords).toBe(1);
      expect((await intakePage(server, firmCaller, { status: 'final' })).totalRecords).toBe(1);
      expect((await intakePage(server, firmCaller)).totalRecords).toBe(2);

      await server.db.deleteFrom('intakes').where('case_id', '=', first.caseId).execute();
      expect((await intakePage(server, firmCaller)).totalRecords).toBe(1);
      const { kept, counted } = await totalsAndCounts(firmId);
      expect(kept).toEqual(counted);
      expect(counted).toEqual({ final: 1 });
      const prefixes = await prefixTotalsAndCounts(firmId);
      expect(prefixes.kept).toEqual(prefixes.counted);
      // Una was deleted: her name is counted nowhere.
      expect(Object.keys(prefixes.kept).length).toBeGreaterThan(0);
      expect(Object.keys(prefixes.kept).filter((key) => key.endsWith(' una'))).toEqual([]);
    });

    it('stay exact when many write at once', async () => {
      const before = (await intakePage(server, firmCaller)).totalRecords;
      const made = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          createdIntake(server, firmCaller, draftIntake({ firstName: `Burst${index}`, lastName: 'Counted' })),
        ),
      );
      // Half of them submitted as final, the other half saved, all at the same time.
      const answers = await Promise.all(
        made.map((intake, index) =>
          index % 2 === 0
            ? updateIntake(server, firmCaller, intake.caseId, { ...fullValidIntake(), status: 'final' }, intake.updatedAt)
            : updateIntake(
                server,
                firmCaller,
                intake.caseId,
                draftIntake({ firstName: `Burst${index}`, lastName: 'Again' }),
                intake.updatedAt,
              ),
        ),
      );
      expect(answers.map((answer) => answer.response.status)).toEqual(made.map(() => 200));
      expect((await intakePage(server, firmCaller)).totalRecords).toBe(before + 16);
      const { kept, counted } = await totalsAndCounts(firmId);
      expect(kept).toEqual(counted);
      expect((await intakePage(server, firmCaller, { status: 'final' })).totalRecords).toBe(counted.final);
      const prefixes = await prefixTotalsAndCounts(firmId);
      expect(prefixes.kept).toEqual(prefixes.counted);
      expect(prefixes.kept['draft burst']).toBe(8);
    });

    it('count a one-word search from kept totals that equal the matching rows, through every kind of write', async () => {
      const firm = await server.createFirm({ firmName: 'Prefix Totals Sample Firm' });
      const prefixCaller = await caller(firm.id);
      // Two words of one client share 'mar': the client is counted once.
      const maria = await createdIntake(
        server,
        prefixCaller,
        draftIntake({ firstName: 'María', lastName: 'Martínez', email: 'maria.martinez@example.test', phoneNumber: '(555) 010-0100' }),
      );
      const marco = await createdIntake(
        server,
        prefixCaller,
        draftIntake({ firstName: 'Marco', lastName: 'García', email: 'garcia77@example.test' }),
      );
      const long = 'Abcdefghijklmnopqrstuvwxyzabcdefghij';
      await createdIntake(server, prefixCaller, draftIntake({ firstName: 'Zoë', lastName: long }));
      // Rows written in bulk, as an import does, are counted too; another firm's never are.
      const blank = toApiIntake(emptyIntake());
      const person = (firmId: string, firstName: string, lastName: string, status: IntakeStatus) =>
        newIntakeRow({
          firmId,
          status,
          representativeId: null,
          representativeName: 'Mara Rep',
          sections: { ...blank, personalInformation: { ...blank.personalInformation, firstName, lastName } },
        });
      const otherFirm = await server.createFirm({ firmName: 'Other Prefix Sample Firm' });
      await server.db
        .insertInto('intakes')
        .values([
          person(firm.id, 'Mario', 'Marquez', 'final'),
          person(firm.id, 'Ana', 'López', 'draft'),
          person(otherFirm.id, 'María', 'Garcia', 'draft'),
        ])
        .execute();
      // A save that renames, a submission, a save of other sections, and a delete.
      expect(
        (await updateIntake(server, prefixCaller, marco.caseId, draftIntake({ firstName: 'Marco', lastName: 'Gómez' }), marco.updatedAt))
          .response.status,
      ).toBe(200);
      expect(
        (
          await updateIntake(
            server,
            prefixCaller,
            maria.caseId,
            {
              ...fullValidIntake(),
              personalInformation: { ...fullValidIntake().personalInformation, firstName: 'María', lastName: 'Martínez' },
              status: 'final',
            },
            maria.updatedAt,
          )
        ).response.status,
      ).toBe(200);
      await server.db.updateTable('intakes').set({ updated_at: new Date().toISOString() }).where('firm_id', '=', firm.id).execute();
      const ana = await server.db
        .selectFrom('intakes')
        .select('case_id')
        .where('firm_id', '=', firm.id)
        .where('client_first_name', '=', 'Ana')
        .executeTakeFirstOrThrow();
      await server.db.deleteFrom('intakes').where('case_id', '=', ana.case_id).execute();

      const prefixes = await prefixTotalsAndCounts(firm.id);
      expect(prefixes.kept).toEqual(prefixes.counted);
      const rows = await server.db.selectFrom('intakes').select(['status', 'search_terms']).where('firm_id', '=', firm.id).execute();
      const texts = [
        'mar',
        'MAR',
        'María',
        'martinez',
        'm',
        'g',
        'garcia',
        'gomez',
        'lopez',
        'ana',
        'zoe',
        'mara',
        'rep',
        'example',
        'x',
        long.slice(0, KEPT_PREFIX_MAX),
        long,
        'garcia77',
        '555',
        'mar gom',
      ];
      for (const text of texts) {
        for (const status of [undefined, 'draft', 'final'] as const) {
          const query = parseSearch(text);
          const want = rows.filter(
            (row) =>
              (!status || row.status === status) &&
              query.every(
                (phrase) => phrase.length === 1 && row.search_terms.split(' ').some((word) => word.startsWith(phrase[0] as string)),
              ),
          ).length;
          const page = await intakePage(server, prefixCaller, { searchFilter: text, status });
          expect(page.totalRecords, `${text} ${status ?? 'all'}`).toBe(want);
          expect(page.record).toHaveLength(Math.min(10, want));
        }
      }
      expect((await intakePage(server, prefixCaller, { searchFilter: 'mar' })).totalRecords).toBe(3);
      expect((await intakePage(server, prefixCaller, { searchFilter: 'garcia' })).totalRecords).toBe(0);
    });

    it('keep prefixes as long as the search reads them', () => {
      expect(PREFIX_MAX).toBe(KEPT_PREFIX_MAX);
      expect(keptPrefix(parseSearch('García'))).toBe('garcia');
      expect(keptPrefix(parseSearch('mar'))).toBe('mar');
      for (const text of ['mar gar', "o'brien", 'garcia77', '5550100', 'a'.repeat(KEPT_PREFIX_MAX + 1), ''])
        expect(keptPrefix(parseSearch(text))).toBeUndefined();
    });
  });

  describe('pages', () => {
    const INTAKES = 240;
    let firmCaller: Caller;
    let firmId: string;
    /** The firm's rows as the list defines its order: newest update first, then case ID. */
    let ordered: { caseId: string; clientName: string; status: IntakeStatus; words: string[]; shown: IntakeListItem }[];

    // Nine in ten clients are named Garza, so a search for it walks the list; Jiménez is rare.
    function personOf(index: number) {
      if (index % 40 === 7) return { firstName: 'José', lastName: 'Jiménez' };
      if (index % 10 === 3) return { firstName: `Ana${index}`, lastName: 'Other' };
      return { firstName: index % 3 === 0 ? 'María' : `Luz${index}`, lastName: 'Garza' };
    }

    beforeAll(async () => {
      const firm = await server.createFirm({ firmName: 'Pages Sample Firm' });
      firmId = firm.id;
      firmCaller = await caller(firm.id);
      const blank = toApiIntake(emptyIntake());
      const start = Date.parse('2022-03-01T00:00:00.000Z');
      // Three rows share each update time, so the case ID decides their order.
      const rows = Array.from({ length: INTAKES }, (_, index) => {
        const row = newIntakeRow(
          {
            firmId,
            status: index % 5 === 0 ? 'final' : 'draft',
            representativeId: null,
            representativeName: 'Page Representative',
            sections: { ...blank, personalInformation: { ...blank.personalInformation, ...personOf(index) } },
          },
          new Date(start + index * 60_000),
        );
        row.updated_at = new Date(start + Math.floor(((index * 37) % INTAKES) / 3) * 60_000).toISOString();
        return row;
      });
      // Another firm's Garzas, of both statuses, are never counted or listed in this firm, whichever
      // way the total is counted (SQLite subtracts the other firms' matches when a firm holds most rows).
      const otherFirm = await server.createFirm({ firmName: 'Other Garza Sample Firm' });
      const others = Array.from({ length: 6 }, (_, index) =>
        newIntakeRow({
          firmId: otherFirm.id,
          status: index % 2 === 0 ? 'final' : 'draft',
          representativeId: null,
          representativeName: 'Other Representative',
          sections: { ...blank, personalInformation: { ...blank.personalInformation, firstName: 'María', lastName: 'Garza' } },
        }),
      );
      await server.db
        .insertInto('intakes')
        .values([...rows, ...others])
        .execute();
      ordered = rows
        .sort((a, b) => (a.updated_at === b.updated_at ? b.case_id.localeCompare(a.case_id) : b.updated_at.localeCompare(a.updated_at)))
        .map((row) => ({
          caseId: row.case_id,
          clientName: row.client_name,
          status: row.status,
          words: searchWords(row.client_name),
          // What the list shows of the row, read back from the API's own form of the stored values.
          shown: {
            caseId: row.case_id,
            clientName: row.client_name,
            representativeName: row.representative_name,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
            status: row.status,
          },
        }));
    });

    /** What the list must answer: the rows whose name has a word beginning so, in list order. */
    function expected(prefix: string, status?: IntakeStatus) {
      return ordered.filter((row) => (!prefix || row.words.some((word) => word.startsWith(prefix))) && (!status || row.status === status));
    }

    for (const [label, searchFilter, status] of [
      ['the whole firm', '', undefined],
      ['one status', '', 'final'],
      ['a word nine in ten rows have', 'garza', undefined],
      ['a common word and a status', 'garza', 'draft'],
      ['a rare word typed with its accent', 'Jiménez', undefined],
      ['a rare word typed without', 'jimen', undefined],
    ] as const) {
      it(`answers every page of ${label} in list order, the last ones too`, async () => {
        const want = expected(searchWords(searchFilter)[0] ?? '', status);
        expect(want.length).toBeGreaterThan(0);
        const pages = [];
        for (let offSetValue = 0; offSetValue < want.length + 10; offSetValue += 10) {
          pages.push(await intakePage(server, firmCaller, { pageSize: 10, offSetValue, searchFilter: searchFilter || undefined, status }));
        }
        expect(pages.every((page) => page.totalRecords === want.length)).toBe(true);
        expect(pages.flatMap((page) => page.record)).toEqual(want.map((row) => row.shown));
        expect(pages.at(-1)?.record).toEqual([]);
      });
    }

    // A list row is read from SQLite's list index alone (migration 0021): reading the row itself
    // follows its form's overflow pages. PostgreSQL keeps the form out of line and reads the rows.
    it.runIf(kind === 'sqlite')('reads a page without a search from the list index alone, from either end', async () => {
      for (const [status, index] of [
        [undefined, 'intakes_firm_list_index'],
        ['final', 'intakes_firm_status_list_index'],
      ] as const) {
        for (const descending of [true, false]) {
          const query = { firmId, status, search: [], limit: 10, offset: 20 };
          const compiled = intakePageQuery(server.db, query, { descending, offset: 20, limit: 10, walk: false }).compile();
          const plan = await server.db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
          );
          const details = plan.rows.map((row) => row.detail).join('\n');
          expect(details).toContain(`SEARCH intakes USING COVERING INDEX ${index}`);
          expect(details).not.toMatch(/sqlite_autoindex_intakes|SCAN intakes\b/);
          // Newest first is the index's own order read backwards: no second pass puts it in order.
          if (descending) expect(details).not.toContain('CO-ROUTINE');
        }
      }
    });

    it('reads the same rows whether it walks the list or sorts the matches, from either end', async () => {
      for (const text of ['garza', 'maria garza', 'jose', 'luz1']) {
        const want = expected('', undefined).filter((row) =>
          parseSearch(text).every(([word]) => row.words.some((w) => w.startsWith(word as string))),
        );
        const query = { firmId, search: parseSearch(text), limit: 10, offset: 0 };
        for (let offset = 0; offset < want.length; offset += 10) {
          const limit = Math.min(10, want.length - offset);
          const plans: PagePlan[] = [
            { descending: true, offset, limit, walk: false },
            { descending: true, offset, limit, walk: true },
            { descending: false, offset: want.length - offset - limit, limit, walk: false },
            { descending: false, offset: want.length - offset - limit, limit, walk: true },
          ];
          for (const plan of plans) {
            const rows = await intakePageQuery(server.db, query, plan).execute();
            expect(
              rows.map((row) => row.case_id),
              `${text} ${JSON.stringify(plan)}`,
            ).toEqual(want.slice(offset, offset + limit).map((row) => row.caseId));
          }
        }
      }
    });
  });

  // Every search reads the GIN index's pending list whole; with none, a search reads the index
  // alone however many intakes were written since the last vacuum (migration 0022).
  it.runIf(kind === 'postgres')('leaves no pending entries in the search index after writes', async () => {
    const firm = await server.createFirm({ firmName: 'Pending Sample Firm' });
    const writer = await caller(firm.id);
    for (const lastName of ['Listless', 'Unqueued']) {
      await createdIntake(server, writer, draftIntake({ firstName: 'Pending', lastName }));
    }
    await sql`create extension if not exists pgstattuple`.execute(server.db);
    const {
      rows: [gin],
    } = await sql<{
      pending_pages: number;
      pending_tuples: string;
    }>`select pending_pages, pending_tuples::text from pgstatginindex('intakes_search_index')`.execute(server.db);
    expect(gin).toEqual({ pending_pages: 0, pending_tuples: '0' });
    expect((await intakePage(server, writer, { searchFilter: 'pending listless' })).totalRecords).toBe(1);
  });
});
