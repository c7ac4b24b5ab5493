// One read shared by the requests waiting for it (server/db/sharedReads.ts): the session
// generation and page 1 of a firm's list. A call joins only a read that has not started: what it
// is answered was read after it was made, so a change answered before it is never missed.
import { describe, expect, it } from 'vitest';
import { createSharedReads } from '../../server/db/sharedReads';

/** A read whose answers the test hands out one at a time, counting how many were started. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    started: () => started,
    answer: (value: number) => pending.shift()?.resolve(value),
    fail: (error: Error) => pending.shift()?.reject(error),
  };
}

/** Lets the reads that may start now start. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('gives calls made together one read, and forgets the key once it settled', async () => {
    const reads = createSharedReads<number>();
    const database = controlledRead();
    const answers = Promise.all([1, 2, 3].map(() => reads.read('firm-a', database.read)));
    await settle();
    expect(database.started()).toBe(1);
    database.answer(7);
    expect(await answers).toEqual([7, 7, 7]);
    await settle();
    expect(reads.busy()).toBe(0);
  });

  it('lets calls made in later callbacks of the same event loop turn share the read', async () => {
    const reads = createSharedReads<number>();
    const database = controlledRead();
    // Node runs the promise jobs after each connection's callback: the second call comes after those of the first.
    const first = reads.read('firm-a', database.read);
    await Promise.resolve();
    await Promise.resolve();
    const second = reads.read('firm-a', database.read);
    await settle();
    expect(database.started()).toBe(1);
    database.answer(5);
    await settle();
    expect(database.started()).toBe(1);
    expect([await first, await second]).toEqual([5, 5]);
  });

  it('never answers a call with a read that started before it: those arriving meanwhile share the next one', async () => {
    const reads = createSharedReads<number>();
    const database = controlledRead();
    const first = reads.read('firm-a', database.read);
    await settle();
    expect(database.started()).toBe(1);

    // Arriving while the first read runs: they wait for a read of their own, which waits for the first to end.
    const later = [reads.read('firm-a', database.read), reads.read('firm-a', database.read)];
    await settle();
    expect(database.started()).toBe(1);
    database.answer(1);
    expect(await first).toBe(1);
    await settle();
    expect(database.started()).toBe(2);
    database.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('keeps the reads of different keys apart', async () => {
    const reads = createSharedReads<number>();
    const database = controlledRead();
    const a = reads.read('firm-a', database.read);
    const b = reads.read('firm-b', database.read);
    await settle();
    expect(database.started()).toBe(2);
    database.answer(10);
    database.answer(20);
    expect([await a, await b]).toEqual([10, 20]);
  });

  it('fails every call sharing a failed read, and reads again for the next call', async () => {
    const reads = createSharedReads<number>();
    const database = controlledRead();
    const shared = [reads.read('firm-a', database.read), reads.read('firm-a', database.read)];
    await settle();
    database.fail(new Error('database unavailable'));
    for (const call of shared) await expect(call).rejects.toThrow('database unavailable');
    await settle();
    expect(reads.busy()).toBe(0);
    const again = reads.read('firm-a', database.read);
    await settle();
    expect(database.started()).toBe(2);
    database.answer(3);
    expect(await again).toBe(3);
  });
});
