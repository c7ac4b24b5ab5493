// How many intakes each firm has per status, kept exact by the database itself in the same
// transaction as every write to intakes (docs/product/intake-list.md, the list's total). The list's
// total without a search then reads one or two rows instead of counting the firm's intakes, so it
// costs the same at a thousand intakes as at a million.
//
// Triggers rather than the repository: every write counts, including the bench's bulk loads, a
// lead turned into an intake, and a row deleted by hand, and no caller can forget one.
// - SQLite: row triggers with an upsert. SQLite has one writer at a time, so they cannot race.
// - PostgreSQL: statement triggers with transition tables, one upsert per (firm, status) that a
//   statement touches. `total = total + n` takes the row lock and re-reads the committed value, so
//   concurrent writers of one firm queue on that row for the rest of their transaction and never
//   lose a count. Statement triggers also keep a bulk insert from updating the same row once per
//   intake.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('intake_totals')
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('intake_totals_pkey', ['firm_id', 'status'])
    .execute();
  await sql`insert into intake_totals (firm_id, status, total)
    select firm_id, status, count(*) from intakes group by firm_id, status`.execute(db);

  if (databaseKind(db) === 'postgres') {
    // One upsert per (firm, status) whose total changes; a save that keeps the status writes nothing.
    // (A trigger with transition tables cannot name columns, so it runs after every update.)
    const upsert = (changes: string) => `insert into intake_totals (firm_id, status, total)
      select firm_id, status, sum(change) from (${changes}) as changes
      group by firm_id, status having sum(change) <> 0 order by firm_id, status
      on conflict (firm_id, status) do update set total = intake_totals.total + excluded.total;`;
    const removed = 'select firm_id, status, -1 as change from old_rows';
    const added = 'select firm_id, status, 1 as change from new_rows';
    await sql
      .raw(
        `create function intake_totals_add() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${upsert(added)}
        elsif tg_op = 'DELETE' then ${upsert(removed)}
        else ${upsert(`${removed} union all ${added}`)}
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger intake_totals_insert after insert on intakes
      referencing new table as new_rows for each statement execute function intake_totals_add()`.execute(db);
    await sql`create trigger intake_totals_update after update on intakes
      referencing old table as old_rows new table as new_rows for each statement execute function intake_totals_add()`.execute(db);
    await sql`create trigger intake_totals_delete after delete on intakes
      referencing old table as old_rows for each statement execute function intake_totals_add()`.execute(db);
  } else {
    await sql`create trigger intake_totals_insert after insert on intakes begin
      insert into intake_totals (firm_id, status, total) values (new.firm_id, new.status, 1)
        on conflict (firm_id, status) do update set total = total + 1;
    end`.execute(db);
    await sql`create trigger intake_totals_update after update of firm_id, status on intakes
      when old.firm_id is not new.firm_id or old.status is not new.status begin
      update intake_totals set total = total - 1 where firm_id = old.firm_id and status = old.status;
      insert into intake_totals (firm_id, status, total) values (new.firm_id, new.status, 1)
        on conflict (firm_id, status) do update set total = total + 1;
    end`.execute(db);
    await sql`create trigger intake_totals_delete after delete on intakes begin
      update intake_totals set total = total - 1 where firm_id = old.firm_id and status = old.status;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    await sql`drop trigger intake_totals_delete on intakes`.execute(db);
    await sql`drop trigger intake_totals_insert on intakes`.execute(db);
    await sql`drop trigger intake_totals_update on intakes`.execute(db);
    await sql`drop function intake_totals_add()`.execute(db);
  } else {
    await sql`drop trigger intake_totals_delete`.execute(db);
    await sql`drop trigger intake_totals_insert`.execute(db);
    await sql`drop trigger intake_totals_update`.execute(db);
  }
  await db.schema.dropTable('intake_totals').execute();
}
