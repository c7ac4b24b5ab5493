// A number that changes whenever a session or a user changes (docs/product/sign-in-and-session.md):
// server/auth/sessions.ts keeps each session it checked, with this number as it read it, and reads
// the session and its user again only once the number moved. Sign Out, a password, email or privilege
// change, a deactivation or a removed user, on any instance, bumps it in the same transaction as the
// change itself, so the next request on every instance sees it; one small row is read instead of the
// session joined with its user.
//
// Triggers rather than the services: every write counts, a user edited by hand or removed with its
// firm included, and no caller can forget one. Row triggers: a statement that changes no row (the
// sign-in's sweep of expired sessions, mostly) bumps nothing. Sessions are only inserted otherwise,
// and a new session is in no instance's memory yet.
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../database';

const WATCHED = ['users', 'sessions'] as const;

// Kysely<any>: see 0001_firms_and_users.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_generation')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('generation', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into session_generation (id, generation) values (1, 0)`.execute(db);
  if (databaseKind(db) === 'postgres') {
    await sql`create function session_generation_bump() returns trigger language plpgsql as $$
      begin
        update session_generation set generation = generation + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of WATCHED) {
      await sql
        .raw(
          `create trigger ${table}_session_generation after update or delete on ${table}
          for each row execute function session_generation_bump()`,
        )
        .execute(db);
    }
  } else {
    for (const table of WATCHED) {
      for (const change of ['update', 'delete']) {
        await sql
          .raw(
            `create trigger ${table}_session_generation_${change} after ${change} on ${table} begin
            update session_generation set generation = generation + 1 where id = 1;
          end`,
          )
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    for (const table of WATCHED) await sql.raw(`drop trigger ${table}_session_generation on ${table}`).execute(db);
    await sql`drop function session_generation_bump()`.execute(db);
  } else {
    for (const table of WATCHED) {
      for (const change of ['update', 'delete']) await sql.raw(`drop trigger ${table}_session_generation_${change}`).execute(db);
    }
  }
  await db.schema.dropTable('session_generation').execute();
}
