// SQLite's search table again (0006), now with the firm and the status as indexed words, so that a
// search is narrowed to one firm and one status inside the FTS5 index: counting the matches reads
// the index alone instead of looking up each match's unindexed firm column (server/intakes/search.ts
// writes the query). The user's words only ever match `case_key` and `terms`.
//
// Prefix indexes up to eight letters: a search for 'garcia' is a prefix search, and without an
// index of that length FTS5 merges the lists of every word beginning so ('garcia', 'garcia1987'
// from an email, ...), thousands of them for a common surname. Most names are typed within
// eight letters.
//
// PostgreSQL is unchanged: its GIN index over search_vector already answers the words, and the
// repository narrows and orders the matches (server/intakes/repository.ts).
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

async function dropTriggers(db: Kysely<any>): Promise<void> {
  await sql`drop trigger intakes_search_insert`.execute(db);
  await sql`drop trigger intakes_search_update`.execute(db);
  await sql`drop trigger intakes_search_delete`.execute(db);
}

/** The 0006 triggers, writing the table's columns as `columns` lists them from the new row. */
async function createTriggers(db: Kysely<any>, columns: string, values: string, updates: string): Promise<void> {
  await sql
    .raw(
      `create trigger intakes_search_insert after insert on intakes begin
    insert into intakes_search (${columns}) values (${values});
  end`,
    )
    .execute(db);
  // The case ID and the firm never change; every save changes updated_at.
  await sql
    .raw(
      `create trigger intakes_search_update after update of search_terms, status, updated_at on intakes begin
    update intakes_search set ${updates}
    where case_key match '"' || replace(replace(old.case_id, '-', ''), '"', '') || '"' and case_id = old.case_id;
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger intakes_search_delete after delete on intakes begin
    delete from intakes_search
    where case_key match '"' || replace(replace(old.case_id, '-', ''), '"', '') || '"' and case_id = old.case_id;
  end`,
    )
    .execute(db);
}

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'sqlite') return;
  await dropTriggers(db);
  await sql`drop table intakes_search`.execute(db);
  // firm_key is the firm's id without dashes (one word); status is 'draft' or 'final'.
  await sql`create virtual table intakes_search using fts5(
    case_id unindexed, updated_at unindexed, firm_key, status, case_key, terms,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
  )`.execute(db);
  await sql`insert into intakes_search (case_id, updated_at, firm_key, status, case_key, terms)
    select case_id, updated_at, replace(firm_id, '-', ''), status, replace(case_id, '-', ''), search_terms from intakes`.execute(db);
  await createTriggers(
    db,
    'case_id, updated_at, firm_key, status, case_key, terms',
    "new.case_id, new.updated_at, replace(new.firm_id, '-', ''), new.status, replace(new.case_id, '-', ''), new.search_terms",
    'status = new.status, updated_at = new.updated_at, terms = new.search_terms',
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) !== 'sqlite') return;
  await dropTriggers(db);
  await sql`drop table intakes_search`.execute(db);
  await sql`create virtual table intakes_search using fts5(
    case_id unindexed, firm_id unindexed, status unindexed, updated_at unindexed, case_key, terms,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db);
  await sql`insert into intakes_search (case_id, firm_id, status, updated_at, case_key, terms)
    select case_id, firm_id, status, updated_at, replace(case_id, '-', ''), search_terms from intakes`.execute(db);
  await createTriggers(
    db,
    'case_id, firm_id, status, updated_at, case_key, terms',
    "new.case_id, new.firm_id, new.status, new.updated_at, replace(new.case_id, '-', ''), new.search_terms",
    'status = new.status, updated_at = new.updated_at, terms = new.search_terms',
  );
}
