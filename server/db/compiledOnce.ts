// The queries every request runs, compiled once (README, Performance). Kysely builds and compiles a
// query on every call, which cost about as much as running a small one on SQLite: the session
// check of every signed-in request and the intake list's total and page. Such a query is built
// the first time with a stand-in for each value, and from then on its compiled text runs with each
// call's values in the stand-ins' places; PostgreSQL keeps its plan (keptStatements.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { databaseKind, type Database } from './database';
import { keepPrepared } from './keptStatements';
import { sqliteReadNow } from './sqliteReadNow';

export type QueryValues = Record<string, string | number>;

interface Compiled {
  query: CompiledQuery;
  /** For each parameter of the compiled text: the name of the value it takes, or its fixed value. */
  slots: ({ name: string } | { fixed: unknown })[];
}

const compiledQueries = new Map<string, Compiled>();

/** A string no caller's value can equal, standing in for the value `name` while the query compiles. */
function standIn(name: string): string {
  return `\u0000${name}\u0000`;
}

function compile<V extends QueryValues>(names: readonly string[], build: (values: V) => Compilable<unknown>): Compiled {
  const standIns = Object.fromEntries(names.map((name) => [name, standIn(name)])) as V;
  const compiled = build(standIns).compile();
  const byStandIn = new Map(names.map((name) => [standIn(name), name]));
  const slots = compiled.parameters.map((value) => {
    const name = typeof value === 'string' ? byStandIn.get(value) : undefined;
    return name === undefined ? { fixed: value } : { name };
  });
  const used = new Set(slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])));
  const unused = names.filter((name) => !used.has(name));
  // A value the query does not take as a parameter (written into the text, or not used) would be
  // the first call's for ever after.
  if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} did not become parameters of the query`);
  return { query: compiled, slots };
}

export interface CompiledOnceOptions {
  /** On SQLite, answer again from memory while nothing was written (db/sqliteReadNow.ts). */
  keepUntilWritten?: boolean;
}

/**
 * The rows of the query `build` makes of `values`, built and compiled only on the first call of
 * each database kind, `shape` and set of value names. `shape` names whatever else changes the
 * query's text (a sort direction); a value left out (an optional filter) is a different query.
 */
export async function runCompiledOnce<Row, V extends QueryValues>(
  db: Kysely<Database>,
  shape: string,
  values: V,
  build: (values: V) => Compilable<Row>,
  { keepUntilWritten = false }: CompiledOnceOptions = {},
): Promise<readonly Row[]> {
  const names = Object.keys(values).sort();
  const key = `${databaseKind(db)}|${shape}|${names.join(',')}`;
  let compiled = compiledQueries.get(key);
  if (!compiled) {
    compiled = compile(names, build);
    compiledQueries.set(key, compiled);
    if (databaseKind(db) === 'postgres') keepPrepared(compiled.query.sql);
  }
  const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.fixed));
  const now = sqliteReadNow(db, compiled.query.sql, parameters, keepUntilWritten);
  if (now) return now as readonly Row[];
  const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
  return result.rows;
}
