// What the dashboard reads (docs/product/dashboard.md), each figure through an index or a kept total
// so that it costs the same at a thousand intakes as at a million (README, Performance):
// - intakes.incident_date: the incident date of the intake's sections as its own column
//   ('YYYY-MM-DD' or null), written with the sections by server/intakes/repository.ts. Deadlines in
//   the next 90 days are a range of incident dates, intakes without one have partial indexes of
//   their own; both lists come in an index's order, never sorted. A representative's own lists have indexes that
//   start with the representative, so they never walk the rest of the firm.
// - intake_representative_totals: intakes per firm, representative and status, kept exact by
//   triggers in the transaction of every write, as intake_totals (0013) keeps them per status.
//   Counting a million rows per call is what this saves. The representative is '' for none.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

const NO_REPRESENTATIVE = "''";

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = databaseKind(db) === 'postgres';
  await db.schema.alterTable('intakes').addColumn('incident_date', 'text').execute();
  // Intakes saved before the column existed and already holding a date, so the column and the
  // sections agree from the start.
  const stored = sql.raw(
    postgres
      ? `(sections::jsonb -> 'incidentDescription' ->> 'incidentDate')`
      : `json_extract(sections, '$.incidentDescription.incidentDate')`,
  );
  await sql`update intakes set incident_date = substr(${stored}, 1, 10) where ${stored} <> ''`.execute(db);
  await db.schema.createIndex('intakes_firm_incident_index').on('intakes').columns(['firm_id', 'incident_date', 'updated_at']).execute();
  await db.schema
    .createIndex('intakes_representative_incident_index')
    .on('intakes')
    .columns(['firm_id', 'representative_id', 'incident_date', 'updated_at'])
    .execute();
  // Partial: `incident_date is null` is no equality to PostgreSQL's planner, so an index that leads
  // with the column would not hand back the undated rows in updated_at order.
  await db.schema
    .createIndex('intakes_undated_index')
    .on('intakes')
    .columns(['firm_id', 'updated_at'])
    .where(sql.ref('incident_date'), 'is', null)
    .execute();
  await db.schema
    .createIndex('intakes_representative_undated_index')
    .on('intakes')
    .columns(['firm_id', 'representative_id', 'updated_at'])
    .where(sql.ref('incident_date'), 'is', null)
    .execute();
  await db.schema
    .createIndex('intakes_representative_status_index')
    .on('intakes')
    .columns(['firm_id', 'representative_id', 'status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('intake_representative_totals')
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('representative_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('intake_representative_totals_pkey', ['firm_id', 'representative_id', 'status'])
    .execute();
  await sql`insert into intake_representative_totals (firm_id, representative_id, status, total)
    select firm_id, coalesce(representative_id, ${sql.raw(NO_REPRESENTATIVE)}), status, count(*) from intakes
    group by firm_id, coalesce(representative_id, ${sql.raw(NO_REPRESENTATIVE)}), status`.execute(db);

  if (postgres) {
    // One upsert per (firm, representative, status) a statement changes, as in 0013.
    const upsert = (changes: string) => `insert into intake_representative_totals (firm_id, representative_id, status, total)
      select firm_id, representative_id, status, sum(change) from (${changes}) as changes
      group by firm_id, representative_id, status having sum(change) <> 0 order by firm_id, representative_id, status
      on conflict (firm_id, representative_id, status) do update set total = intake_representative_totals.total + excluded.total;`;
    const rows = (table: string, change: number) =>
      `select firm_id, coalesce(representative_id, ${NO_REPRESENTATIVE}) as representative_id, status, ${change} as change from ${table}`;
    await sql
      .raw(
        `create function intake_representative_totals_add() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${upsert(rows('new_rows', 1))}
        elsif tg_op = 'DELETE' then ${upsert(rows('old_rows', -1))}
        else ${upsert(`${rows('old_rows', -1)} union all ${rows('new_rows', 1)}`)}
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger intake_representative_totals_insert after insert on intakes
      referencing new table as new_rows for each statement execute function intake_representative_totals_add()`.execute(db);
    await sql`create trigger intake_representative_totals_update after update on intakes
      referencing old table as old_rows new table as new_rows for each statement execute function intake_representative_totals_add()`.execute(
      db,
    );
    await sql`create trigger intake_representative_totals_delete after delete on intakes
      referencing old table as old_rows for each statement execute function intake_representative_totals_add()`.execute(db);
  } else {
    const key = (row: 'new' | 'old') => `${row}.firm_id, coalesce(${row}.representative_id, ${NO_REPRESENTATIVE}), ${row}.status`;
    const add = `insert into intake_representative_totals (firm_id, representative_id, status, total) values (${key('new')}, 1)
        on conflict (firm_id, representative_id, status) do update set total = total + 1;`;
    const remove = `update intake_representative_totals set total = total - 1
        where (firm_id, representative_id, status) = (${key('old')});`;
    await sql.raw(`create trigger intake_representative_totals_insert after insert on intakes begin ${add} end`).execute(db);
    await sql
      .raw(
        `create trigger intake_representative_totals_update after update of firm_id, representative_id, status on intakes
      when old.firm_id is not new.firm_id or old.representative_id is not new.representative_id or old.status is not new.status
      begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql.raw(`create trigger intake_representative_totals_delete after delete on intakes begin ${remove} end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger intake_representative_totals_${event} on intakes`).execute(db);
    await sql`drop function intake_representative_totals_add()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger intake_representative_totals_${event}`).execute(db);
  }
  await db.schema.dropTable('intake_representative_totals').execute();
  await db.schema.dropIndex('intakes_representative_status_index').execute();
  await db.schema.dropIndex('intakes_representative_undated_index').execute();
  await db.schema.dropIndex('intakes_undated_index').execute();
  await db.schema.dropIndex('intakes_representative_incident_index').execute();
  await db.schema.dropIndex('intakes_firm_incident_index').execute();
  await db.schema.alterTable('intakes').dropColumn('incident_date').execute();
}
