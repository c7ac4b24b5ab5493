// All SQL about leads. The duplicate search reads only the normalised match columns, each branch
// of it through its own index (migration 0003), so its cost does not grow with the firm's leads.
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { IntakeStatus } from '../../src/domain/enums';
import { leadMatchKeys, normaliseEmail, normaliseName, phoneMatchKey, type LeadMatchKeys } from '../../src/domain/leadMatching';
import { writeLeadParties } from '../conflicts/parties';
import type { Database } from '../db/database';
import type { LeadRow, NewLeadRow } from './tables';
import { leadIdentityKey } from './identity';

export type { LeadRow };

/** A lead as stored: trimmed texts, null for an absent middle name or email, 'YYYY-MM-DD' birth date. */
export type LeadValues = Pick<
  NewLeadRow,
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'birth_date'
  | 'address'
  | 'city'
  | 'county'
  | 'state'
  | 'country'
  | 'zip_code'
  | 'email'
  | 'gender'
  | 'phone'
  | 'minor'
>;

export interface NewLead {
  firmId: string;
  createdBy: string;
  values: LeadValues;
  intakeId: string | null;
}

/** The lead fields under the names leadMatching.ts reads. */
export function matchableOf(values: LeadValues) {
  return {
    firstName: values.first_name,
    middleName: values.middle_name,
    lastName: values.last_name,
    birthDate: values.birth_date,
    address: values.address,
    city: values.city,
    county: values.county,
    state: values.state,
    country: values.country,
    zipCode: values.zip_code,
    email: values.email,
    gender: values.gender,
    phone: values.phone,
    minor: values.minor,
  };
}

export function matchKeysOf(values: LeadValues): LeadMatchKeys {
  return leadMatchKeys(matchableOf(values));
}

/**
 * Whether `error` is the unique index on identical leads (migration 0010) refusing a second copy:
 * another identical registration was stored first, a moment ago.
 */
export function isIdenticalLeadViolation(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'leads_firm_identity_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('leads.identity_key');
}

/** The stored row of a new lead, with its match keys. */
export function newLeadRow(lead: NewLead, now: Date = new Date()) {
  const keys = matchKeysOf(lead.values);
  return {
    ...lead.values,
    id: randomUUID(),
    firm_id: lead.firmId,
    created_by: lead.createdBy,
    name_key: keys.nameKey,
    phone_digits: keys.phoneDigits,
    email_norm: keys.email,
    intake_id: lead.intakeId,
    identity_key: leadIdentityKey(lead.values),
    created_at: now.toISOString(),
  };
}

/** `db` may be a transaction. */
export async function insertLead(db: Kysely<Database>, lead: NewLead, now: Date = new Date()): Promise<LeadRow> {
  const row = await db.insertInto('leads').values(newLeadRow(lead, now)).returningAll().executeTakeFirstOrThrow();
  // The conflict check's party (docs/product/conflicts.md); a lead's intake names it as its client too.
  await writeLeadParties(db, row);
  return row;
}

/**
 * Same name and birth date, or same phone digits, or same email (docs/architecture.md, Leads), within one
 * firm. Each branch repeats the firm so that each can be answered by its own index; empty keys
 * never match, so they add no branch.
 */
function resembles(keys: LeadMatchKeys, firmId: string) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    const branches: Expression<SqlBool>[] = [];
    if (keys.nameKey && keys.birthDate) {
      branches.push(eb.and([eb('firm_id', '=', firmId), eb('name_key', '=', keys.nameKey), eb('birth_date', '=', keys.birthDate)]));
    }
    if (keys.phoneDigits) branches.push(eb.and([eb('firm_id', '=', firmId), eb('phone_digits', '=', keys.phoneDigits)]));
    if (keys.email) branches.push(eb.and([eb('firm_id', '=', firmId), eb('email_norm', '=', keys.email)]));
    return branches.length > 0 ? eb.or(branches) : eb.val(false);
  };
}

/** The query behind findSimilarLeads, exposed so a test can read its plan. */
export function similarLeadsQuery(db: Kysely<Database>, firmId: string, keys: LeadMatchKeys, limit: number) {
  return db.selectFrom('leads').selectAll().where(resembles(keys, firmId)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

/** The newest resembling leads of the firm, at most `limit`. */
export async function findSimilarLeads(db: Kysely<Database>, firmId: string, keys: LeadMatchKeys, limit: number): Promise<LeadRow[]> {
  return similarLeadsQuery(db, firmId, keys, limit).execute();
}

/** Whether any resembling lead of the firm has no intake (docs/product/leads.md refuses those). */
export async function hasSimilarLeadWithoutIntake(db: Kysely<Database>, firmId: string, keys: LeadMatchKeys): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where(resembles(keys, firmId))
    .where('intake_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Leads with the same normalised name and birth date: the only ones that can be identical. */
export async function findLeadsWithSameNameAndBirth(db: Kysely<Database>, firmId: string, keys: LeadMatchKeys): Promise<LeadRow[]> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('firm_id', '=', firmId)
    .where('name_key', '=', keys.nameKey)
    .where('birth_date', '=', keys.birthDate)
    .execute();
}

export interface LeadListRow extends LeadRow {
  intake_status: IntakeStatus | null;
}

export interface LeadPageQuery {
  firmId: string;
  search: string;
  limit: number;
  offset: number;
}

/** 'a%b_c' -> 'a\%b\_c', for LIKE ... ESCAPE '\'. */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function contains(column: 'leads.name_key' | 'leads.email_norm' | 'leads.phone_digits', value: string) {
  // The columns are already lower-case, so plain LIKE behaves the same on SQLite and PostgreSQL.
  return sql<SqlBool>`${sql.ref(column)} like ${likeContains(value)} escape '\\'`;
}

/**
 * The search of the leads list: the text in the normalised name ('jose' finds 'José'), in the
 * email, and, when it holds no letters, its digits in the phone ('(555) 010' finds '555-010-0199').
 */
function matchesSearch(search: string) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    const branches: Expression<SqlBool>[] = [];
    const name = normaliseName(search);
    if (name) branches.push(contains('leads.name_key', name));
    const email = normaliseEmail(search);
    if (email) branches.push(contains('leads.email_norm', email));
    const digits = phoneMatchKey(search);
    if (digits && !/\p{L}/u.test(search)) branches.push(contains('leads.phone_digits', digits));
    return branches.length > 0 ? eb.or(branches) : eb.val(true);
  };
}

/** One page of the firm's leads, newest first, with the status of each lead's intake. */
export async function listLeads(db: Kysely<Database>, query: LeadPageQuery): Promise<{ rows: LeadListRow[]; total: number }> {
  const base = db
    .selectFrom('leads')
    .leftJoin('intakes', (join) => join.onRef('intakes.case_id', '=', 'leads.intake_id').onRef('intakes.firm_id', '=', 'leads.firm_id'))
    .where('leads.firm_id', '=', query.firmId)
    .where(matchesSearch(query.search.trim()));
  const rows = await base
    .selectAll('leads')
    .select('intakes.status as intake_status')
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}
