// One transaction around a whole request's work, without handing a transaction to every service
// call: while `inRequestTransaction` runs, the scoped database sends every query of the services
// into that transaction (AsyncLocalStorage), and a service's own `db.transaction()` joins it
// instead of opening a second one. Used by Idempotency-Key (server/http/idempotency.ts): the
// created record and the stored answer commit together or not at all.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database';

const current = new AsyncLocalStorage<Transaction<Database>>();

/** A stand-in for `db.transaction()` inside the request's transaction: the work joins it. */
function joinedTransaction(trx: Transaction<Database>) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    execute: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => work(trx),
  };
  return builder;
}

function madeByGetter(object: object, property: string | symbol): boolean {
  for (let owner: object | null = object; owner; owner = Object.getPrototypeOf(owner) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, property);
    if (descriptor) return descriptor.get !== undefined;
  }
  return false;
}

/** `db`, or the request's transaction while one is open: what the services are given. */
export function scopedDatabase(db: Kysely<Database>): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      const trx = current.getStore();
      if (trx && property === 'transaction') return () => joinedTransaction(trx);
      const source = trx ?? target;
      const value = Reflect.get(source, property, source) as unknown;
      // Methods are bound to the database they come from; what a getter makes is returned as it is
      // (`db.fn` is a function that also carries methods, `db.fn.countAll()`, which binding would lose).
      return typeof value === 'function' && !madeByGetter(source, property)
        ? (value as (...args: unknown[]) => unknown).bind(source)
        : value;
    },
  });
}

/** Runs `work` in one transaction of `db`; the scoped databases use it meanwhile. */
export function inRequestTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => current.run(trx, () => work(trx)));
}
