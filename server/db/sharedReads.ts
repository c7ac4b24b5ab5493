// One read shared by the requests waiting for it (README, Performance): under load many requests
// ask the database the same question at once (the session generation, page 1 of a firm's list),
// and each answer would be the same. A request joins a read only if that read has not started
// yet: it never trusts a read that began before it came in, which could predate a change whose
// answer its sender has already seen. While one read runs, the requests arriving meanwhile wait
// together for the next, which starts once it ends; then one round trip serves them all.
//
// A read asked for while none runs starts in the event loop's next check phase (setImmediate),
// not at once: Node handles each connection's bytes in a callback of its own and runs the promise
// jobs after each, so a read started there would be one per request, and SQLite answers inside
// that same turn. Waiting until the loop has taken in every request that came in this turn lets
// them all share one read; each of them arrived before it started.

const ignore = () => {};

/** Settles once the event loop has handled the input that is ready now. */
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SharedRead<T> {
  /** The answer of a `read` that starts after this call: joined if one is waiting to start. */
  read(read: () => Promise<T>): Promise<T>;
}

/** The read's promise, a synchronous throw included. */
function startRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return read();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** One question's reads; `onIdle` hears when the last one settled with none waiting. */
export function createSharedRead<T>(onIdle: () => void = ignore): SharedRead<T> {
  /** The read that requests arriving now will share: not started yet. */
  let next: Promise<T> | undefined;
  /** The read under way, which requests arriving now must not trust. */
  let running: Promise<T> | undefined;

  /** No read is waiting or running. */
  const idle = () => !next && !running;

  return {
    read(read) {
      if (next) return next;
      const before = running ? running.then(ignore, ignore) : afterThisTurn();
      const waiting: Promise<T> = before.then(() => {
        // From here on, arriving requests wait for the read after this one.
        if (next === waiting) next = undefined;
        const reading = startRead(read);
        running = reading;
        const settled = () => {
          if (running === reading) running = undefined;
          if (idle()) onIdle();
        };
        reading.then(settled, settled);
        return reading;
      });
      next = waiting;
      return waiting;
    },
  };
}

export interface SharedReads<T> {
  /** As SharedRead.read, for the question `key`. */
  read(key: string, read: () => Promise<T>): Promise<T>;
  /** How many keys have a read waiting or running (none once all have settled). */
  busy(): number;
}

/** Shared reads of many questions (a page of each firm's list), each forgotten once idle. */
export function createSharedReads<T>(): SharedReads<T> {
  const byKey = new Map<string, SharedRead<T>>();
  return {
    read(key, read) {
      let shared = byKey.get(key);
      if (!shared) {
        const own: SharedRead<T> = createSharedRead<T>(() => {
          if (byKey.get(key) === own) byKey.delete(key);
        });
        shared = own;
        byKey.set(key, own);
      }
      return shared.read(read);
    },
    busy: () => byKey.size,
  };
}
