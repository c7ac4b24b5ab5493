// How many intakes of each firm and status have a word beginning with each prefix, kept exact by
// triggers like intake_totals (0013), so that the total of a one-word search reads one row per
// status (docs/product/intake-list.md#paging: the record count is always exact, and a firm of a
// million answers as quickly as a firm of a thousand). Counting a common name in the full-text
// index reads every match (6 to 18% of the firm's rows for a common surname or prefix), and on
// PostgreSQL checks each one in the table, since a GIN index cannot count alone (README,
// Performance).
//
// Which prefixes: every prefix, of at most PREFIX_MAX characters, of every word of search_terms
// (server/intakes/search.ts) that holds no digit 0-9, each counted once per intake however many
// of its words share it ('mar' in Maria Martínez counts one). A one-word search without a digit
// matches a word exactly when it is one of that word's counted prefixes, so the kept total is the
// search's exact total; every other search (several words, digits, longer words) is counted in the
// full-text index as before. Digits are left out because they make most words unique (phone
// numbers, the case ID's groups, numbered emails): counting their prefixes would keep a row per
// intake and word instead of one per firm and word.
//
// Both databases derive the prefixes from search_terms in SQL, so every write counts, bulk loads
// and rows changed by hand included, and no caller can forget one (as in 0013).
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

/** The longest prefix kept; a longer one-word search is counted in the full-text index. */
export const PREFIX_MAX = 32;

/**
 * PostgreSQL: the counted prefixes of the rows in `rows` (a table or transition table), each
 * distinct within its row (a small hash per row, not a sort of every word of the table).
 */
function postgresPrefixes(rows: string): string {
  return `select r.firm_id, r.status, p.prefix from ${rows} as r
    cross join lateral (select distinct left(word, n) as prefix
      from regexp_split_to_table(r.search_terms, ' ') as word
      cross join lateral generate_series(1, least(length(substring(word from '^[^0-9]*')), ${PREFIX_MAX})) as n) as p`;
}

/** SQLite: the lengths 1..PREFIX_MAX as a JSON array. */
const LENGTHS = JSON.stringify(Array.from({ length: PREFIX_MAX }, (_, index) => index + 1));

/** SQLite: the distinct counted prefixes of one row's search_terms (`new` or `old` in a trigger). */
function sqlitePrefixes(row: string): string {
  // search_terms holds words of letters and digits separated by single spaces
  // (server/intakes/search.ts), so quoting them makes a JSON array. Triggers take no WITH clause,
  // hence json_each for the words and for the lengths 1..PREFIX_MAX.
  return `select distinct substr(word.value, 1, n.value) as prefix
    from json_each('["' || replace(${row}.search_terms, ' ', '","') || '"]') as word
    join json_each('${LENGTHS}') as n on n.value <= length(word.value)
    where substr(word.value, 1, n.value) not glob '*[0-9]*'`;
}

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = databaseKind(db) === 'postgres';
  await db.schema
    .createTable('intake_prefix_totals')
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('intake_prefix_totals_pkey', ['firm_id', 'status', 'prefix'])
    .execute();

  if (postgres) {
    await sql
      .raw(
        `insert into intake_prefix_totals (firm_id, status, prefix, total)
      select firm_id, status, prefix, count(*) from (${postgresPrefixes('intakes')}) as prefixes group by firm_id, status, prefix`,
      )
      .execute(db);
    // One upsert per (firm, status, prefix) a statement changes, in key order as in 0013. A save
    // that keeps the words and the status (every draft save of other sections) changes nothing.
    const upsert = (changes: string) => `insert into intake_prefix_totals (firm_id, status, prefix, total)
      select firm_id, status, prefix, sum(change) from (${changes}) as changes
      group by firm_id, status, prefix having sum(change) <> 0 order by firm_id, status, prefix
      on conflict (firm_id, status, prefix) do update set total = intake_prefix_totals.total + excluded.total;`;
    const counted = (rows: string, change: number) =>
      `select firm_id, status, prefix, ${change} as change from (${postgresPrefixes(rows)}) as prefixes`;
    // Only the rows whose words, status or firm changed; the case ID never changes.
    const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows as o join new_rows as n on n.case_id = o.case_id
      where (o.firm_id, o.status, o.search_terms) is distinct from (n.firm_id, n.status, n.search_terms))`;
    await sql
      .raw(
        `create function intake_prefix_totals_add() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${upsert(counted('new_rows', 1))}
        elsif tg_op = 'DELETE' then ${upsert(counted('old_rows', -1))}
        else ${upsert(`${counted(changed('o'), -1)} union all ${counted(changed('n'), 1)}`)}
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger intake_prefix_totals_insert after insert on intakes
      referencing new table as new_rows for each statement execute function intake_prefix_totals_add()`.execute(db);
    await sql`create trigger intake_prefix_totals_update after update on intakes
      referencing old table as old_rows new table as new_rows for each statement execute function intake_prefix_totals_add()`.execute(db);
    await sql`create trigger intake_prefix_totals_delete after delete on intakes
      referencing old table as old_rows for each statement execute function intake_prefix_totals_add()`.execute(db);
  } else {
    // Each intake once per prefix however many of its words share it.
    await sql
      .raw(
        `insert into intake_prefix_totals (firm_id, status, prefix, total)
      select i.firm_id, i.status, substr(word.value, 1, n.value) as prefix, count(distinct i.rowid)
      from intakes as i, json_each('["' || replace(i.search_terms, ' ', '","') || '"]') as word, json_each('${LENGTHS}') as n
      where n.value <= length(word.value) and substr(word.value, 1, n.value) not glob '*[0-9]*'
      group by i.firm_id, i.status, prefix`,
      )
      .execute(db);
    const add = `insert into intake_prefix_totals (firm_id, status, prefix, total)
        select new.firm_id, new.status, prefix, 1 from (${sqlitePrefixes('new')}) where true
        on conflict (firm_id, status, prefix) do update set total = total + 1;`;
    const remove = `update intake_prefix_totals set total = total - 1
        where firm_id = old.firm_id and status = old.status and prefix in (${sqlitePrefixes('old')});`;
    await sql.raw(`create trigger intake_prefix_totals_insert after insert on intakes begin ${add} end`).execute(db);
    await sql
      .raw(
        `create trigger intake_prefix_totals_update after update of firm_id, status, search_terms on intakes
      when old.firm_id is not new.firm_id or old.status is not new.status or old.search_terms is not new.search_terms
      begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql.raw(`create trigger intake_prefix_totals_delete after delete on intakes begin ${remove} end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger intake_prefix_totals_${event} on intakes`).execute(db);
    await sql`drop function intake_prefix_totals_add()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger intake_prefix_totals_${event}`).execute(db);
  }
  await db.schema.dropTable('intake_prefix_totals').execute();
}
