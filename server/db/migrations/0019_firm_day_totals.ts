// The dashboard's windowed counts (docs/product/dashboard.md, Counts and Funnel), kept per firm and
// UTC day so that they cost the same at a thousand intakes as at a million (README, Performance).
// `firm_day_totals` holds, for each firm and day:
// - finals: intakes that are final and were submitted that day (a final intake is never saved
//   again, so its updated_at is its submission);
// - leads: leads registered that day; leads_with_intake: those of them with an intake;
//   leads_with_final: those whose intake (of the same firm) is final.
// A window of N days reads at most N + 1 rows here; only the part of its first day after the
// window's start instant is counted from the rows themselves (server/dashboard/repository.ts).
//
// Kept exact by triggers in the transaction of every write, as intake_totals (0013) and
// intake_representative_totals (0018) are: a lead's registration, its intake being linked, and the
// intake being submitted can come in any order, so each write adds what it changes given the other
// table as it is at that moment: an intake turning final counts for the leads that point at it, a
// lead linked to a final intake counts at once. SQLite: row triggers; PostgreSQL: statement
// triggers with transition tables, one upsert per (firm, day) a statement changes, in key order so
// that concurrent writers lock the rows in the same order.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

const COLUMNS = ['finals', 'leads', 'leads_with_intake', 'leads_with_final'] as const;

/** Adds the summed contributions of `changes` (rows of firm_id, day and the four columns). */
function addChanges(changes: string): string {
  const sums = COLUMNS.map((column) => `sum(${column})`).join(', ');
  return `insert into firm_day_totals (firm_id, day, ${COLUMNS.join(', ')})
    select firm_id, day, ${sums} from (${changes}) as changes where true
    group by firm_id, day having ${COLUMNS.map((column) => `sum(${column}) <> 0`).join(' or ')}
    order by firm_id, day
    on conflict (firm_id, day) do update set ${COLUMNS.map((column) => `${column} = firm_day_totals.${column} + excluded.${column}`).join(', ')};`;
}

// Each contribution reads its rows `from <rows> r`: a table of rows (a transition table, or the
// table itself for the first fill) or, in a SQLite row trigger, one row made of new.* or old.*.

/** An intake's own count: one final submitted on its day. */
const intakeFinal = (rows: string, sign: number) =>
  `select r.firm_id, substr(r.updated_at, 1, 10) as day, ${sign} as finals, 0 as leads, 0 as leads_with_intake, 0 as leads_with_final
    from ${rows} r where r.status = 'final'`;

/** A final intake's count in the funnel of each lead of its firm that points at it. */
const intakeLeadFinals = (rows: string, sign: number) =>
  `select l.firm_id, substr(l.created_at, 1, 10) as day, 0 as finals, 0 as leads, 0 as leads_with_intake, ${sign} as leads_with_final
    from ${rows} r join leads l on l.intake_id = r.case_id and l.firm_id = r.firm_id where r.status = 'final'`;

/** A lead's counts on the day it was registered. */
const leadCounts = (rows: string, sign: number) =>
  `select r.firm_id, substr(r.created_at, 1, 10) as day, 0 as finals, ${sign} as leads,
      case when r.intake_id is null then 0 else ${sign} end as leads_with_intake,
      case when exists (select 1 from intakes i where i.case_id = r.intake_id and i.firm_id = r.firm_id and i.status = 'final')
        then ${sign} else 0 end as leads_with_final
    from ${rows} r`;

const intakeChanges = (rows: string, sign: number) => `${intakeFinal(rows, sign)} union all ${intakeLeadFinals(rows, sign)}`;

/** SQLite: one row of a row trigger as a table, so the contributions read it like any other. */
const sqliteRow = (row: 'new' | 'old', columns: readonly string[]) =>
  `(select ${columns.map((column) => `${row}.${column} as ${column}`).join(', ')})`;
const INTAKE_COLUMNS = ['case_id', 'firm_id', 'status', 'updated_at'];
const LEAD_COLUMNS = ['firm_id', 'created_at', 'intake_id'];

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('firm_day_totals')
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull());
  for (const column of COLUMNS) table = table.addColumn(column, 'integer', (col) => col.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint('firm_day_totals_pkey', ['firm_id', 'day']).execute();
  // The leads of an intake whose status changes are found by their intake.
  await db.schema.createIndex('leads_intake_index').on('leads').columns(['intake_id']).execute();
  await sql.raw(addChanges(`${intakeFinal('intakes', 1)} union all ${leadCounts('leads', 1)}`)).execute(db);

  if (databaseKind(db) === 'postgres') {
    const on = (name: string, changes: { insert: string; update: string; delete: string }) =>
      sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then ${addChanges(changes.insert)}
            elsif tg_op = 'DELETE' then ${addChanges(changes.delete)}
            else ${addChanges(changes.update)}
            end if;
            return null;
          end $$`,
        )
        .execute(db);
    await on('firm_day_totals_intakes', {
      insert: intakeChanges('new_rows', 1),
      update: `${intakeChanges('old_rows', -1)} union all ${intakeChanges('new_rows', 1)}`,
      delete: intakeChanges('old_rows', -1),
    });
    await on('firm_day_totals_leads', {
      insert: leadCounts('new_rows', 1),
      update: `${leadCounts('old_rows', -1)} union all ${leadCounts('new_rows', 1)}`,
      delete: leadCounts('old_rows', -1),
    });
    for (const source of ['intakes', 'leads']) {
      const run = `for each statement execute function firm_day_totals_${source}()`;
      await sql.raw(`create trigger firm_day_totals_insert after insert on ${source} referencing new table as new_rows ${run}`).execute(db);
      await sql
        .raw(
          `create trigger firm_day_totals_update after update on ${source} referencing old table as old_rows new table as new_rows ${run}`,
        )
        .execute(db);
      await sql.raw(`create trigger firm_day_totals_delete after delete on ${source} referencing old table as old_rows ${run}`).execute(db);
    }
  } else {
    const intake = (row: 'new' | 'old') => sqliteRow(row, INTAKE_COLUMNS);
    const lead = (row: 'new' | 'old') => sqliteRow(row, LEAD_COLUMNS);
    const triggers = [
      `firm_day_totals_intakes_insert after insert on intakes when new.status = 'final'
        begin ${addChanges(intakeChanges(intake('new'), 1))} end`,
      // Only a change that moves a final intake (its status, firm or day) changes a total.
      `firm_day_totals_intakes_update after update of firm_id, status, updated_at on intakes
        when (old.status = 'final' or new.status = 'final')
          and (old.firm_id is not new.firm_id or old.status is not new.status or old.updated_at is not new.updated_at)
        begin ${addChanges(`${intakeChanges(intake('old'), -1)} union all ${intakeChanges(intake('new'), 1)}`)} end`,
      `firm_day_totals_intakes_delete after delete on intakes when old.status = 'final'
        begin ${addChanges(intakeChanges(intake('old'), -1))} end`,
      `firm_day_totals_leads_insert after insert on leads begin ${addChanges(leadCounts(lead('new'), 1))} end`,
      `firm_day_totals_leads_update after update of firm_id, created_at, intake_id on leads
        begin ${addChanges(`${leadCounts(lead('old'), -1)} union all ${leadCounts(lead('new'), 1)}`)} end`,
      `firm_day_totals_leads_delete after delete on leads begin ${addChanges(leadCounts(lead('old'), -1))} end`,
    ];
    for (const trigger of triggers) await sql.raw(`create trigger ${trigger}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    for (const source of ['intakes', 'leads']) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger firm_day_totals_${event} on ${source}`).execute(db);
      await sql.raw(`drop function firm_day_totals_${source}()`).execute(db);
    }
  } else {
    for (const source of ['intakes', 'leads']) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger firm_day_totals_${source}_${event}`).execute(db);
    }
  }
  await db.schema.dropIndex('leads_intake_index').execute();
  await db.schema.dropTable('firm_day_totals').execute();
}
