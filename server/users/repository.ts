// All SQL about users. Emails are stored lower-cased, so every lookup lower-cases its input too.
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Privilege } from '../../src/domain/enums';
import { databaseKind, type Database } from '../db/database';
import { type NewUserRow, type UserRow, type UserRowUpdate } from './tables';

export type { UserRow };

/** A user as reads for the API take it: never the password hash. */
export type UserRecordRow = Omit<UserRow, 'password_hash'>;

/** What creating a user takes: the row without the columns this module fills in. */
export type NewUser = Omit<NewUserRow, 'id' | 'email' | 'created_at' | 'updated_at'> & { email: string };

/** The columns a user may change on their own record (not firm, privilege or timestamps). */
export type UserChanges = Omit<UserRowUpdate, 'id' | 'firm_id' | 'privilege' | 'status' | 'created_at' | 'updated_at'>;

/** A user as the employee list reads them: no password hash, no SSN or ITIN (views.toListedUser). */
export type ListedUserRow = Omit<UserRecordRow, 'ssn' | 'itin'>;

const listedColumns = [
  'id',
  'firm_id',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'privilege',
  'phone_number',
  'usage',
  'civil_status',
  'gender',
  'birth_date',
  'ssn_status',
  'status',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ListedUserRow)[];

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function insertUser(db: Kysely<Database>, user: NewUser, now: Date = new Date()): Promise<UserRow> {
  const timestamp = now.toISOString();
  return db
    .insertInto('users')
    .values({
      ...user,
      id: randomUUID(),
      email: normaliseEmail(user.email),
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** Whether another user (in any firm: emails are the login identity) already has this email. */
export async function isEmailTaken(db: Kysely<Database>, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', normaliseEmail(email));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Whether a write failed on the unique email index: two requests with the same new email can both
 * pass isEmailTaken before either writes, and the index decides.
 */
export function isEmailUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  // PostgreSQL: unique_violation on the index created in 0001. SQLite names the column instead.
  if (code === '23505') return constraint === 'users_email_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('users.email');
}

/** A user of one firm: both ids come from the caller's token, never from the request. */
export async function findUserInFirm(db: Kysely<Database>, firmId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('firm_id', '=', firmId).where('id', '=', id).executeTakeFirst();
}

/** Changes one user of one firm; undefined when there is no such user there. */
export async function updateUserInFirm(
  db: Kysely<Database>,
  firmId: string,
  id: string,
  changes: UserChanges,
  now: Date = new Date(),
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('firm_id', '=', firmId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** What an owner or administrator changes of an employee (docs/product/people.md, Edit employee). */
export type EmployeeChanges = Pick<UserRowUpdate, 'first_name' | 'middle_name' | 'last_name' | 'email' | 'phone_number' | 'privilege'>;

/**
 * Changes an employee of one firm, unless that takes the owner privilege from the firm's last
 * active owner ('lastOwner' then); undefined when there is no such employee. The firm's active
 * owners are locked first on PostgreSQL, as for deactivation, so two owners demoting each other
 * at once cannot both succeed.
 */
export async function updateEmployeeInFirm(
  db: Kysely<Database>,
  firmId: string,
  id: string,
  changes: EmployeeChanges,
  now: Date = new Date(),
): Promise<UserRow | 'lastOwner' | undefined> {
  return db.transaction().execute(async (trx) => {
    let owners = trx
      .selectFrom('users')
      .select('id')
      .where('firm_id', '=', firmId)
      .where('privilege', '=', 'owner')
      .where('status', '=', 'Active');
    if (databaseKind(db) === 'postgres') owners = owners.forUpdate();
    const activeOwners = await owners.execute();
    const target = await trx.selectFrom('users').select('privilege').where('firm_id', '=', firmId).where('id', '=', id).executeTakeFirst();
    if (!target) return undefined;
    const demoted = target.privilege === 'owner' && changes.privilege !== undefined && changes.privilege !== 'owner';
    if (demoted && activeOwners.some((owner) => owner.id === id) && !activeOwners.some((owner) => owner.id !== id)) return 'lastOwner';
    return trx
      .updateTable('users')
      .set({ ...changes, updated_at: now.toISOString() })
      .where('firm_id', '=', firmId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  });
}

/**
 * Deactivates one user of one firm, unless they are an owner and no other active owner would be
 * left (docs/product/people.md): undefined then. The firm's active owners are locked first on
 * PostgreSQL, so two owners deactivating each other at once cannot both succeed (SQLite runs one
 * write transaction at a time).
 */
export async function deactivateUserInFirm(
  db: Kysely<Database>,
  firmId: string,
  id: string,
  now: Date = new Date(),
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let owners = trx
      .selectFrom('users')
      .select('id')
      .where('firm_id', '=', firmId)
      .where('privilege', '=', 'owner')
      .where('status', '=', 'Active');
    if (databaseKind(db) === 'postgres') owners = owners.forUpdate();
    const activeOwners = await owners.execute();
    const target = await trx.selectFrom('users').select('privilege').where('firm_id', '=', firmId).where('id', '=', id).executeTakeFirst();
    if (!target) return undefined;
    if (target.privilege === 'owner' && !activeOwners.some((owner) => owner.id !== id)) return undefined;
    return trx
      .updateTable('users')
      .set({ status: 'Deactivated', updated_at: now.toISOString() })
      .where('firm_id', '=', firmId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  });
}

export async function reactivateUserInFirm(
  db: Kysely<Database>,
  firmId: string,
  id: string,
  now: Date = new Date(),
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ status: 'Active', updated_at: now.toISOString() })
    .where('firm_id', '=', firmId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface UserListFilter {
  /** Words that must each appear in a first, middle or last name or the email; empty for all. */
  searchWords: readonly string[];
  privilege?: Privilege;
  limit: number;
  offset: number;
}

export interface UserListPage {
  rows: ListedUserRow[];
  totalRecords: number;
}

/** `%`, `_` and the escape character itself match literally (`escape '\'` below). */
export function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type UsersExpressionBuilder = ExpressionBuilder<Database, 'users'>;
const searchedColumns = ['first_name', 'middle_name', 'last_name', 'email'] as const;

/**
 * Case-insensitive substring match, written the same on both databases: SQLite has no ILIKE, and
 * on PostgreSQL `lower(col) like` measured about twice as fast as ILIKE over 10,000 users
 * (bench/users.bench.ts). The pattern is lower-cased already.
 */
function columnContains(column: (typeof searchedColumns)[number], pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(`users.${column}`)}) like ${pattern} escape '\\'`;
}

function matching(firmId: string, filter: UserListFilter) {
  return (eb: UsersExpressionBuilder) => {
    const conditions: Expression<SqlBool>[] = [eb('users.firm_id', '=', firmId)];
    if (filter.privilege) conditions.push(eb('users.privilege', '=', filter.privilege));
    for (const word of filter.searchWords) {
      const pattern = likePattern(word);
      conditions.push(eb.or(searchedColumns.map((column) => columnContains(column, pattern))));
    }
    return eb.and(conditions);
  };
}

/**
 * One page of a firm's users, newest first, and how many match in all. Ties on created_at (users
 * made in the same millisecond) are broken by id, so pages neither repeat nor skip a user.
 *
 * The page's ids are found first and the rows read after: skipping 9,000 users then walks the
 * (firm_id, created_at, id) index alone instead of sorting 9,000 whole rows (migration 0005).
 */
export async function listUsersInFirm(db: Kysely<Database>, firmId: string, filter: UserListFilter): Promise<UserListPage> {
  const matches = matching(firmId, filter);
  const pageIds = db
    .selectFrom('users')
    .select('users.id')
    .where(matches)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset);

  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(listedColumns)
      .where('users.id', 'in', pageIds)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matches)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalRecords: Number(count.total) };
}
