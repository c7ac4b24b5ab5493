// The intake list on the real server (docs/product/intake-list.md 'Intake list row', docs/product/intake-list.md Pagination, docs/product/intake-list.md
// GET /v1/intake; openapi.yaml listIntakes): pages, the status filter, the search over client
// name, phone, email, representative and case ID through the full-text index, and the firm.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { emptyIntake, toApiIntake } from '../../src/domain/intake';
import {
  intakeCountQuery,
  intakePageQuery,
  listIntakes as listIntakeRows,
  newIntakeRow,
  withRarePhrase,
} from '../../server/intakes/repository';
import { parseSearch } from '../../server/intakes/search';
import { createdIntake, draftIntake, intakePage, listIntakes, updateIntake, type Caller } from './support/intakes';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

describe.each(testDatabases())('intake list on %s', (kind) => {
  let server: TestServer;
  let owner: Caller;
  let representative: Caller;
  let otherFirm: Caller;

  async function caller(firm: string, privilege: 'owner' | 'representative', firstName: string, lastName: string): Promise<Caller> {
    const user = await server.createUser({ firmId: firm, privilege, firstName, lastName });
    return { user, token: await server.login(user.email, user.password) };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const firm = await server.createFirm({ firmName: 'List Sample Firm' });
    owner = await caller(firm.id, 'owner', 'Olive', 'Owner');
    representative = await caller(firm.id, 'representative', 'Remy', 'Quill');
    const other = await server.createFirm({ firmName: 'Elsewhere Sample Firm' });
    otherFirm = await caller(other.id, 'owner', 'Otto', 'Elsewhere');
  });

  afterAll(() => server?.close());

  describe('paging', () => {
    let pagingFirm: Caller;
    const created: string[] = [];

    beforeAll(async () => {
      const firm = await server.createFirm({ firmName: 'Paging Sample Firm' });
      pagingFirm = await caller(firm.id, 'owner', 'Paige', 'Sample');
      for (let index = 1; index <= 25; index += 1) {
        const intake = await createdIntake(server, pagingFirm, draftIntake({ firstName: `Client${index}`, lastName: 'Paged' }));
        created.push(intake.caseId);
      }
    });

    it('answers 10 rows by default, newest update first, with the total', async () => {
      const page = await intakePage(server, pagingFirm);
      expect(page.totalRecords).toBe(25);
      expect(page.record.map((row) => row.clientName)).toEqual(Array.from({ length: 10 }, (_, index) => `Client${25 - index} Paged`));
    });

    it('slices the list by pageSize and offSetValue without gaps or repeats', async () => {
      const pages = await Promise.all([0, 10, 20].map((offSetValue) => intakePage(server, pagingFirm, { pageSize: 10, offSetValue })));
      expect(pages.map((page) => page.record.length)).toEqual([10, 10, 5]);
      expect(pages.every((page) => page.totalRecords === 25)).toBe(true);
      const order = pages.flatMap((page) => page.record.map((row) => row.caseId));
      expect(order).toEqual([...created].reverse());
      const updated = pages.flatMap((page) => page.record.map((row) => row.updatedAt));
      expect(updated).toEqual([...updated].sort().reverse());
      expect((await intakePage(server, pagingFirm, { offSetValue: 30 })).record).toEqual([]);
    });

    // Page 1 is read once for the requests waiting for it together (server/db/sharedReads.ts) and,
    // on SQLite, kept until the next write (server/db/sqliteReadNow.ts): a list asked after a save
    // was answered shows it, however many lists were being read around it.
    it('shows a save to every list asked after its answer, while many staff read the list at once', async () => {
      const firm = await server.createFirm({ firmName: 'Busy List Sample Firm' });
      const busy = await caller(firm.id, 'owner', 'Bea', 'Busy');
      await createdIntake(server, busy, draftIntake({ firstName: 'First', lastName: 'Listed' }));

      // Staff keep opening the list, several at a time, while one of them saves.
      const save: { caseId?: string; reading: boolean } = { reading: true };
      const seen: { askedAfterSave: boolean; total: number; first: string | undefined; rows: number }[] = [];
      const reader = async () => {
        while (save.reading) {
          const askedAfterSave = save.caseId !== undefined;
          const page = await intakePage(server, busy);
          seen.push({ askedAfterSave, total: page.totalRecords, first: page.record[0]?.caseId, rows: page.record.length });
        }
      };
      const readers = Array.from({ length: 6 }, reader);
      while (seen.length < 12) await new Promise((resolve) => setImmediate(resolve));
      save.caseId = (await createdIntake(server, busy, draftIntake({ firstName: 'Second', lastName: 'Listed' }))).caseId;
      while (seen.filter((page) => page.askedAfterSave).length < 24) await new Promise((resolve) => setImmediate(resolve));
      save.reading = false;
      await Promise.all(readers);

      const after = seen.filter((page) => page.askedAfterSave);
      expect(after.every((page) => page.total === 2 && page.first === save.caseId)).toBe(true);
      // Every answer is whole: never the new total with the old page.
      expect(seen.every((page) => page.rows === page.total)).toBe(true);
    });

    it('refuses a page size the contract does not allow', async () => {
      const { response, error } = await listIntakes(server, pagingFirm, { pageSize: 101 });
      expect(response.status).toBe(400);
      expect(error?.fields).toHaveProperty('pageSize');
    });
  });

  describe('search and filters', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const people = [
        { key: 'jonas', firstName: 'Jonas', lastName: 'Whitaker', phoneNumber: '(555) 010-0100', email: 'jonas.w@example.test' },
        { key: 'joanna', firstName: 'Joanna', lastName: 'Pike', phoneNumber: '555.020.0200', email: 'jp@example.test' },
        { key: 'marta', firstName: 'Marta', lastName: 'Jones', phoneNumber: '5550300300', email: 'marta@sample.test' },
        { key: 'jose', firstName: 'José', lastName: 'Núñez', phoneNumber: '+1 555 040 0400', email: 'nunez@example.test' },
        { key: 'andrea', firstName: 'Andrea', lastName: "O'Neil", phoneNumber: '', email: '' },
      ];
      for (const { key, ...person } of people) {
        const intake = withFields(draftIntake({ firstName: person.firstName, lastName: person.lastName }), {
          'personalInformation.phoneNumber': person.phoneNumber,
          'personalInformation.email': person.email,
        });
        ids[key] = (await createdIntake(server, key === 'jose' ? owner : representative, intake)).caseId;
      }
      const final = withFields(fullValidIntake(), {
        'personalInformation.phoneNumber': '(777) 099-0999',
        'personalInformation.email': 'final.client@final.test',
      });
      ids.final = (await createdIntake(server, representative, { ...final, status: 'final' })).caseId;
    });

    async function found(searchFilter: string, extra: { status?: 'draft' | 'final' } = {}): Promise<string[]> {
      const page = await intakePage(server, owner, { searchFilter, pageSize: 100, ...extra });
      expect(page.totalRecords).toBe(page.record.length);
      return page.record.map((row) => row.caseId).sort();
    }

    function idsOf(...keys: string[]): string[] {
      return keys.map((key) => ids[key] as string).sort();
    }

    it('finds every word by its beginning, ignoring case', async () => {
      expect(await found('jo')).toEqual(idsOf('jonas', 'joanna', 'marta', 'jose'));
      expect(await found('JONES')).toEqual(idsOf('marta'));
      expect(await found('whit')).toEqual(idsOf('jonas'));
      expect(await found('jo pi')).toEqual(idsOf('joanna'));
    });

    it('ignores accents and apostrophes', async () => {
      expect(await found('jose nunez')).toEqual(idsOf('jose'));
      expect(await found('Núñ')).toEqual(idsOf('jose'));
      expect(await found("o'neil")).toEqual(idsOf('andrea'));
      expect(await found('oneil')).toEqual([]);
    });

    it('finds a phone number with or without its punctuation', async () => {
      for (const text of ['555 0100', '5550100', '(555) 010-0100', '555-010-0100', '010-0100', '5550100100']) {
        expect(await found(text), text).toEqual(idsOf('jonas'));
      }
      expect(await found('555 020')).toEqual(idsOf('joanna'));
      expect(await found('555-030-0300')).toEqual(idsOf('marta'));
      // Stored with a country code, found without it.
      expect(await found('(555) 040-0400')).toEqual(idsOf('jose'));
      expect(await found('555')).toEqual(idsOf('jonas', 'joanna', 'marta', 'jose'));
    });

    it('finds an email, whole or by its beginning', async () => {
      expect(await found('jonas.w@example.test')).toEqual(idsOf('jonas'));
      expect(await found('marta@sam')).toEqual(idsOf('marta'));
      expect(await found('example.test')).toEqual(idsOf('jonas', 'joanna', 'jose'));
    });

    it('finds a case ID, whole, by its beginning, or without dashes', async () => {
      const caseId = ids.andrea as string;
      expect(await found(caseId)).toEqual(idsOf('andrea'));
      expect(await found(caseId.toUpperCase())).toEqual(idsOf('andrea'));
      expect(await found(caseId.slice(0, 13))).toEqual(idsOf('andrea'));
      expect(await found(caseId.replace(/-/g, ''))).toEqual(idsOf('andrea'));
    });

    it("finds the representative's name", async () => {
      expect(await found('quill')).toEqual(idsOf('jonas', 'joanna', 'marta', 'andrea', 'final'));
      expect(await found('olive owner')).toEqual(idsOf('jose'));
    });

    it('takes any text, search syntax included, without failing', async () => {
      const texts = [
        '"',
        '*',
        'AND',
        'OR',
        'NOT',
        'NEAR(',
        '(',
        ')',
        '-',
        ':',
        "'",
        '^',
        'jo*',
        '"jo" OR "ma"',
        '\\',
        '%',
        '_',
        '&',
        '|',
        '!',
        '<->',
        "jo' & 'x",
        'a:*',
        '{terms}: x',
        'case_key:abc',
      ];
      for (const text of texts) {
        const { response } = await listIntakes(server, owner, { searchFilter: text });
        expect(response.status, text).toBe(200);
      }
      // The operators are plain words: 'and' is the beginning of Andrea.
      expect(await found('AND')).toEqual(idsOf('andrea'));
      expect(await found('jo OR')).toEqual([]);
      expect(await found('jo*')).toEqual(idsOf('jonas', 'joanna', 'marta', 'jose'));
    });

    it('treats a text without letters or digits as no search', async () => {
      const all = await intakePage(server, owner, { pageSize: 1 });
      for (const text of ['"', '*', '  ', '()']) {
        expect((await intakePage(server, owner, { searchFilter: text, pageSize: 1 })).totalRecords, text).toBe(all.totalRecords);
      }
    });

    it('filters by status, alone and with a search', async () => {
      const finals = await intakePage(server, owner, { status: 'final', pageSize: 100 });
      expect(finals.record.map((row) => row.caseId)).toEqual([ids.final]);
      expect(finals.totalRecords).toBe(1);
      expect(finals.record[0]).toMatchObject({ status: 'final', clientName: 'Alex Q Sample', representativeName: 'Remy Quill' });

      const drafts = await intakePage(server, owner, { status: 'draft', pageSize: 100 });
      expect(drafts.record.every((row) => row.status === 'draft')).toBe(true);
      expect(drafts.record.map((row) => row.caseId)).not.toContain(ids.final);
      expect((await intakePage(server, owner, { pageSize: 1 })).totalRecords).toBe(drafts.totalRecords + 1);

      expect(await found('quill', { status: 'final' })).toEqual([ids.final]);
      expect(await found('alex', { status: 'draft' })).toEqual([]);
    });

    it('pages through a search with the filtered total', async () => {
      const first = await intakePage(server, owner, { searchFilter: 'jo', pageSize: 3 });
      const second = await intakePage(server, owner, { searchFilter: 'jo', pageSize: 3, offSetValue: 3 });
      expect([first.totalRecords, second.totalRecords]).toEqual([4, 4]);
      expect([first.record.length, second.record.length]).toEqual([3, 1]);
      expect([...first.record, ...second.record].map((row) => row.caseId).sort()).toEqual(idsOf('jonas', 'joanna', 'marta', 'jose'));
    });

    it("shows each row's representative", async () => {
      const page = await intakePage(server, owner, { searchFilter: 'jo', pageSize: 10 });
      const byId = Object.fromEntries(page.record.map((row) => [row.caseId, row.representativeName]));
      expect(byId[ids.jose as string]).toBe('Olive Owner');
      expect(byId[ids.jonas as string]).toBe('Remy Quill');
    });

    it("keeps to the caller's firm", async () => {
      const elsewhere = await intakePage(server, otherFirm, { pageSize: 100 });
      expect(elsewhere.record.map((row) => row.caseId)).not.toContain(ids.jonas);
      expect((await intakePage(server, otherFirm, { searchFilter: 'jonas' })).totalRecords).toBe(0);
      expect((await intakePage(server, otherFirm, { searchFilter: ids.jonas })).totalRecords).toBe(0);
      const own = await createdIntake(server, otherFirm, draftIntake({ firstName: 'Jonas', lastName: 'Elsewhere' }));
      expect((await intakePage(server, otherFirm, { searchFilter: 'jonas' })).record.map((row) => row.caseId)).toEqual([own.caseId]);
      expect(await found('jonas')).toEqual(idsOf('jonas'));
    });

    it("refuses a userId that is not the caller's, and takes the caller's own", async () => {
      const refused = await listIntakes(server, owner, { userId: representative.user.id });
      expect(refused.response.status).toBe(403);
      expect(refused.error?.code).toBe('forbidden');
      expect((await listIntakes(server, owner, { userId: owner.user.id })).response.status).toBe(200);
    });

    it('needs a token', async () => {
      const { response } = await server.api.GET('/v1/intake', {});
      expect(response.status).toBe(401);
    });

    it('keeps the index in step when a name changes', async () => {
      const intake = await createdIntake(server, owner, draftIntake({ firstName: 'Renata', lastName: 'Before' }));
      expect((await intakePage(server, owner, { searchFilter: 'renata before' })).totalRecords).toBe(1);
      const saved = await updateIntake(
        server,
        owner,
        intake.caseId,
        draftIntake({ firstName: 'Renata', lastName: 'Afterwards' }),
        intake.updatedAt,
      );
      expect(saved.response.status).toBe(200);
      expect((await intakePage(server, owner, { searchFilter: 'renata before' })).totalRecords).toBe(0);
      expect((await intakePage(server, owner, { searchFilter: 'renata after' })).record.map((row) => row.caseId)).toEqual([intake.caseId]);
      await server.db.deleteFrom('intakes').where('case_id', '=', intake.caseId).execute();
      expect((await intakePage(server, owner, { searchFilter: 'renata' })).totalRecords).toBe(0);
      if (kind === 'sqlite') {
        const left = await sql<{ n: number }>`select count(*) as n from intakes_search where case_id = ${intake.caseId}`.execute(server.db);
        expect(Number(left.rows[0]?.n)).toBe(0);
      }
    });
  });

  describe('with many intakes', () => {
    const INTAKES = 3_000;
    /** The one client with a first name nobody else has. */
    const RARE_INDEX = 1234;
    let bulkFirmId: string;

    async function planOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
      const explain = kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
      const plan = await server.db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
      );
      return plan.rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
    }

    beforeAll(async () => {
      const firm = await server.createFirm({ firmName: 'Bulk Sample Firm' });
      bulkFirmId = firm.id;
      const blank = toApiIntake(emptyIntake());
      const start = Date.parse('2021-01-01T00:00:00.000Z');
      const rows = Array.from({ length: INTAKES }, (_, index) =>
        newIntakeRow(
          {
            firmId: firm.id,
            status: 'draft',
            representativeId: null,
            representativeName: 'Bulk Representative',
            sections: {
              ...blank,
              personalInformation: {
                ...blank.personalInformation,
                firstName: index === RARE_INDEX ? 'Xiomara' : `Given${index}`,
                lastName: `Family${index % 100}`,
              },
            },
          },
          new Date(start + index * 1000),
        ),
      );
      for (let first = 0; first < INTAKES; first += 500) {
        await server.db
          .insertInto('intakes')
          .values(rows.slice(first, first + 500))
          .execute();
      }
      await sql.raw(kind === 'postgres' ? 'analyze intakes' : 'analyze').execute(server.db);
    });

    it('answers a search from the full-text index, not by reading the firm', async () => {
      const query = { firmId: bulkFirmId, search: parseSearch('family42'), limit: 10, offset: 0 };
      const page = await listIntakeRows(server.db, query);
      expect(page.total).toBe(INTAKES / 100);
      expect(page.rows.map((row) => row.client_name)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Given${INTAKES - 58 - index * 100} Family42`),
      );

      for (const compiled of [intakePageQuery(server.db, query).compile(), intakeCountQuery(server.db, query).compile()]) {
        const details = await planOf(compiled);
        if (kind === 'sqlite') {
          // 'INDEX 0:M...' is FTS5 answering a MATCH from its index.
          expect(details).toMatch(/SCAN intakes_search VIRTUAL TABLE INDEX 0:M/);
          expect(details).not.toMatch(/SCAN intakes\b(?!_search)/);
        } else {
          expect(details).toMatch(/Bitmap Index Scan on intakes_search_index/);
          expect(details).not.toMatch(/Seq Scan/);
        }
      }
    });

    it('finds a rare name beside a word every client has by reading the index for the rare one alone', async () => {
      const query = { firmId: bulkFirmId, search: parseSearch('Xiomara Bulk'), limit: 10, offset: 0 };
      const page = await listIntakeRows(server.db, query);
      expect(page.total).toBe(1);
      expect(page.rows.map((row) => row.client_name)).toEqual([`Xiomara Family${RARE_INDEX % 100}`]);

      // Two words every client has: the index reads both, as it always did.
      expect(await withRarePhrase(server.db, { ...query, search: parseSearch('bulk representative') })).not.toHaveProperty('rarePhrase');
      const indexed = await withRarePhrase(server.db, query);
      // SQLite's FTS5 narrows by each word's own list in its index: nothing to choose.
      if (kind === 'sqlite') return expect(indexed).toEqual(query);
      expect(indexed.rarePhrase).toEqual(['xiomara']);
      for (const compiled of [intakePageQuery(server.db, indexed).compile(), intakeCountQuery(server.db, indexed).compile()]) {
        const conditions = (await planOf(compiled)).split('\n').filter((line) => line.includes('Index Cond: (search_vector'));
        expect(conditions.join('\n')).toContain('xiomara');
        expect(conditions.join('\n')).not.toContain('bulk');
      }
    });
  });
});
