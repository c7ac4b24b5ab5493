// The conflict check (docs/product/conflicts.md).
//
// - parties: one row per person an intake or a lead names (server/conflicts/parties.ts), with its
//   role and match keys; the crash keys of the intake beside each row. Indexes: by firm, name key
//   and role (every match starts from a name), by the crash of the clients (date with report
//   number, date with city and location), and by intake and lead for the rewrite on each save.
// - conflict_decisions: append-only; the latest per intake is the one that counts, and only while
//   the check still gives the result it was made on (fingerprint, server/conflicts/check.ts).
//
// Existing intakes and leads get their parties here, in pages, so a firm with data is checked
// from the first start.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { intakePartyRows, leadPartyRows, type LeadPartyColumns } from '../../conflicts/parties';

const PAGE = 1000;

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parties')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('case_id', 'text')
    .addColumn('lead_id', 'text')
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('incident_date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('crash_report_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('crash_location_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // The match keys too, so the birth date and phone test of a common name reads the index alone.
  await db.schema
    .createIndex('parties_name_index')
    .on('parties')
    .columns(['firm_id', 'name_key', 'role', 'phone_key', 'birth_date'])
    .execute();
  await db.schema
    .createIndex('parties_case_index')
    .on('parties')
    .column('case_id')
    .where(sql<SqlBool>`case_id is not null`)
    .execute();
  await db.schema
    .createIndex('parties_lead_index')
    .on('parties')
    .column('lead_id')
    .where(sql<SqlBool>`lead_id is not null`)
    .execute();
  await db.schema
    .createIndex('parties_crash_report_index')
    .on('parties')
    .columns(['firm_id', 'incident_date', 'crash_report_key'])
    .where(sql<SqlBool>`role = 'client' and crash_report_key <> '' and incident_date <> ''`)
    .execute();
  await db.schema
    .createIndex('parties_crash_place_index')
    .on('parties')
    .columns(['firm_id', 'incident_date', 'city_key', 'crash_location_key'])
    .where(sql<SqlBool>`role = 'client' and crash_location_key <> '' and incident_date <> ''`)
    .execute();

  await db.schema
    .createTable('conflict_decisions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firm_id', 'text', (col) => col.notNull())
    .addColumn('case_id', 'text', (col) => col.notNull())
    .addColumn('decision', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'text', (col) => col.notNull())
    .addColumn('decided_by_name', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conflict_decisions_case_index').on('conflict_decisions').columns(['case_id', 'decided_at']).execute();

  await backfill(db);
}

async function backfill(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const intakes: { case_id: string; firm_id: string; sections: string }[] = await db
      .selectFrom('intakes')
      .select(['case_id', 'firm_id', 'sections'])
      .where('case_id', '>', after)
      .orderBy('case_id')
      .limit(PAGE)
      .execute();
    if (intakes.length === 0) break;
    const rows = intakes.flatMap((intake) => intakePartyRows(intake.firm_id, intake.case_id, JSON.parse(intake.sections) as object));
    for (let start = 0; start < rows.length; start += PAGE)
      await db
        .insertInto('parties')
        .values(rows.slice(start, start + PAGE))
        .execute();
    after = intakes[intakes.length - 1]!.case_id;
  }
  after = '';
  for (;;) {
    const leads: LeadPartyColumns[] = await db
      .selectFrom('leads')
      .select(['id', 'firm_id', 'first_name', 'last_name', 'birth_date', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (leads.length === 0) break;
    const rows = leads.flatMap(leadPartyRows);
    if (rows.length > 0) await db.insertInto('parties').values(rows).execute();
    after = leads[leads.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conflict_decisions').execute();
  await db.schema.dropTable('parties').execute();
}
