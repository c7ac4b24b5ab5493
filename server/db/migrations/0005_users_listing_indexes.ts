// Indexes for the employee list (GET /v1/users, docs/product/people.md Employees): one page of a firm's
// users, newest first, optionally of one privilege. Each index holds the firm, the filter and the
// sort keys in the query's order, so a page is read in index order without sorting the firm's
// users, and the total is counted from the index alone. They start with firm_id, so the plain
// firm_id index of 0001 is redundant and goes.
//
// The search (a substring of names or email, docs/product/app-shell.md) cannot use a B-tree index: it
// filters the rows of one firm found through these indexes.
import type { Kysely } from 'kysely';

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_firm_created_index').on('users').columns(['firm_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('users_firm_privilege_created_index')
    .on('users')
    .columns(['firm_id', 'privilege', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('users_firm_id_index').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_firm_id_index').on('users').column('firm_id').execute();
  await db.schema.dropIndex('users_firm_privilege_created_index').execute();
  await db.schema.dropIndex('users_firm_created_index').execute();
}
