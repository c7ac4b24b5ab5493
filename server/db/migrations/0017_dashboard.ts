// What the dashboard reads (docs/product/dashboard.md), each figure through an index so that it costs
// little at a million intakes (README, Performance):
// - intakes.incident_date: the incident date of the intake's sections as its own column
//   ('YYYY-MM-DD' or null), written with the sections by server/intakes/repository.ts. Deadlines in
//   the next 90 days are a range of incident dates; intakes without one are its null entries.
//   Both lists come in the index's order, so neither sorts.
// - per representative: counts by (representative, status) and one representative's lists read
//   that representative's entries only.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('intakes').addColumn('incident_date', 'text').execute();
  // Intakes saved before the column existed and already holding a date (none in practice: the field
  // came with it), so the column and the sections agree from the start.
  const stored = sql.raw(
    databaseKind(db) === 'postgres'
      ? `(sections::jsonb -> 'incidentDescription' ->> 'incidentDate')`
      : `json_extract(sections, '$.incidentDescription.incidentDate')`,
  );
  await sql`update intakes set incident_date = substr(${stored}, 1, 10) where ${stored} <> ''`.execute(db);
  await db.schema.createIndex('intakes_firm_incident_index').on('intakes').columns(['firm_id', 'incident_date', 'updated_at']).execute();
  await db.schema
    .createIndex('intakes_firm_representative_index')
    .on('intakes')
    .columns(['firm_id', 'representative_id', 'status', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('intakes_firm_representative_index').execute();
  await db.schema.dropIndex('intakes_firm_incident_index').execute();
  await db.schema.alterTable('intakes').dropColumn('incident_date').execute();
}
