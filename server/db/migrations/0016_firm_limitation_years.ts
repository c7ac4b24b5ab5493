// The firm's limitation period in whole years (docs/product/firm-and-neos.md#limitation-period): an
// intake's limitation deadline is its incident date plus this. Existing firms take the default.
import type { Kysely } from 'kysely';
import { LIMITATION_YEARS_DEFAULT } from '../../../src/domain/limitation';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('firms')
    .addColumn('limitation_years', 'integer', (col) => col.notNull().defaultTo(LIMITATION_YEARS_DEFAULT))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('firms').dropColumn('limitation_years').execute();
}
