// The intake list (docs/product/intake-list.md GET /v1/intake; docs/architecture.md, Intakes: "an index for search").
//
// Search: `search_terms` holds the words an intake is found by (server/intakes/search.ts makes
// them, the same on both databases) and a full-text index over it answers the search without
// reading the firm's intakes one by one:
// - SQLite: an FTS5 table kept in step by triggers. It has its own content rather than pointing at
//   intakes' rowid, because intakes has a text primary key and SQLite may renumber the rowids of
//   such a table on VACUUM, which would silently mismatch an external-content index. Its rows are
//   found by `case_key` (the case ID without dashes, one FTS word), so the triggers use the index.
//   It also carries the few columns a search page is filtered and sorted by.
// - PostgreSQL: a generated tsvector column with a GIN index (built in, no extension needed).
//
// Paging: the list is one firm's intakes, optionally of one status, newest update first with the
// case ID breaking ties. Each index holds the filter and both sort keys in that order, so a page
// (deep ones too) and the count are read from the index. The 0003 index lacked case_id and could
// not serve the list without a status filter.
import { sql, type Kysely } from 'kysely';
import { intakeSearchTerms } from '../../intakes/search';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('intakes')
    .addColumn('search_terms', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  // Intakes stored before this migration (a lead's draft) get their words too. The function is the
  // application's own, so that old and new rows are indexed alike.
  const existing = await db
    .selectFrom('intakes')
    .select(['case_id', 'client_name', 'client_phone', 'client_email', 'representative_name'])
    .execute();
  for (const row of existing) {
    const terms = intakeSearchTerms({
      caseId: row.case_id,
      clientName: row.client_name,
      clientPhone: row.client_phone,
      clientEmail: row.client_email,
      representativeName: row.representative_name,
    });
    await db.updateTable('intakes').set({ search_terms: terms }).where('case_id', '=', row.case_id).execute();
  }

  if (databaseKind(db) === 'postgres') {
    await sql`alter table intakes add column search_vector tsvector generated always as (to_tsvector('simple', search_terms)) stored`.execute(
      db,
    );
    await sql`create index intakes_search_index on intakes using gin (search_vector)`.execute(db);
  } else {
    // firm_id, status and updated_at ride along (unindexed) so a search is filtered, counted and
    // ordered from this table alone; only the rows of the page are read from intakes.
    await sql`create virtual table intakes_search using fts5(
      case_id unindexed, firm_id unindexed, status unindexed, updated_at unindexed, case_key, terms,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
    await sql`insert into intakes_search (case_id, firm_id, status, updated_at, case_key, terms)
      select case_id, firm_id, status, updated_at, replace(case_id, '-', ''), search_terms from intakes`.execute(db);
    await sql`create trigger intakes_search_insert after insert on intakes begin
      insert into intakes_search (case_id, firm_id, status, updated_at, case_key, terms)
      values (new.case_id, new.firm_id, new.status, new.updated_at, replace(new.case_id, '-', ''), new.search_terms);
    end`.execute(db);
    // The case ID and the firm never change; every save changes updated_at.
    await sql`create trigger intakes_search_update after update of search_terms, status, updated_at on intakes begin
      update intakes_search set status = new.status, updated_at = new.updated_at, terms = new.search_terms
      where case_key match '"' || replace(replace(old.case_id, '-', ''), '"', '') || '"' and case_id = old.case_id;
    end`.execute(db);
    await sql`create trigger intakes_search_delete after delete on intakes begin
      delete from intakes_search
      where case_key match '"' || replace(replace(old.case_id, '-', ''), '"', '') || '"' and case_id = old.case_id;
    end`.execute(db);
  }

  await db.schema.dropIndex('intakes_firm_status_updated_index').execute();
  await db.schema.createIndex('intakes_firm_updated_index').on('intakes').columns(['firm_id', 'updated_at', 'case_id']).execute();
  await db.schema
    .createIndex('intakes_firm_status_updated_index')
    .on('intakes')
    .columns(['firm_id', 'status', 'updated_at', 'case_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('intakes_firm_status_updated_index').execute();
  await db.schema.dropIndex('intakes_firm_updated_index').execute();
  await db.schema.createIndex('intakes_firm_status_updated_index').on('intakes').columns(['firm_id', 'status', 'updated_at']).execute();

  if (databaseKind(db) === 'postgres') {
    await sql`drop index intakes_search_index`.execute(db);
    await sql`alter table intakes drop column search_vector`.execute(db);
  } else {
    await sql`drop trigger intakes_search_delete`.execute(db);
    await sql`drop trigger intakes_search_update`.execute(db);
    await sql`drop trigger intakes_search_insert`.execute(db);
    await sql`drop table intakes_search`.execute(db);
  }
  await db.schema.alterTable('intakes').dropColumn('search_terms').execute();
}
