// Fewer, larger chunks for the staff app (docs/product/app-shell.md, Direct links). Left to
// itself the bundler makes a chunk for every set of entries and lazily loaded screens sharing some
// code: the login route fetched fourteen files at once and a direct link to /intake-list twenty
// more, while a phone's browser opens six connections to a server, so every six files cost it
// another round trip before the page could draw. Four groups replace most of those chunks:
// - `common`: what the staff app's entry (index.html) loads at once and another page's entry
//   (the client's intake page, the signing page) loads at once too;
// - `staff`: what the staff app's entry alone loads at once;
// - `client-shared`: what another page's entry loads at once and the staff app's screens use too;
// - `signed-in`: what two or more lazily loaded chunks share and no entry loads at once.
// What one entry alone loads stays in its own chunks, so no page fetches another's screens.
// Which modules an entry loads at once is read from the module graph once it is built, before
// the chunks are made.
import type { Plugin } from 'vite';

interface Group {
  name: string;
  test: (id: string) => boolean;
  minShareCount: number;
  includeDependenciesRecursively: boolean;
}

export interface EntryChunks {
  plugin: Plugin;
  groups: Group[];
}

/** `staffEntry`: the end of the staff app's HTML entry's path ('/index.html'). */
export function entryChunks(staffEntry: string): EntryChunks {
  /** For each module an entry loads at once, the entries that do. */
  const entriesOf = new Map<string, Set<string>>();
  /** Modules a lazily loaded module imports, directly or not. */
  const usedLazily = new Set<string>();
  /** The scripts an HTML entry names: each stays its entry's own chunk. */
  const entryScripts = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-chunks',
    apply: 'build',
    buildEnd() {
      entriesOf.clear();
      usedLazily.clear();
      entryScripts.clear();
      const reach = (from: string, visit: (id: string) => boolean) => {
        const pending = [from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (visit(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      for (const entry of ids.filter((id) => this.getModuleInfo(id)?.isEntry)) {
        for (const script of this.getModuleInfo(entry)?.importedIds ?? []) entryScripts.add(script);
        reach(entry, (id) => {
          const entries = entriesOf.get(id) ?? new Set<string>();
          if (entries.has(entry)) return false;
          entriesOf.set(id, entries.add(entry));
          return true;
        });
      }
      for (const lazyModule of ids.filter((id) => !entriesOf.has(id))) {
        reach(lazyModule, (id) => {
          if (usedLazily.has(id)) return false;
          usedLazily.add(id);
          return true;
        });
      }
    },
  };
  const isStaffEntry = (entry: string) => entry.endsWith(staffEntry);
  const atOnce = (id: string) => [...(entriesOf.get(id) ?? [])];
  const staffAtOnce = (id: string, shared: boolean) =>
    atOnce(id).some(isStaffEntry) && !isStaffEntry(id) && !entryScripts.has(id) && atOnce(id).length >= 2 === shared;
  const sharedWithClient = (id: string) =>
    atOnce(id).length > 0 && !atOnce(id).some(isStaffEntry) && !entryScripts.has(id) && usedLazily.has(id);
  // Each group takes exactly the modules it names: following their imports would pull an entry's
  // own modules into a group that other entries load.
  const group = (name: string, test: (id: string) => boolean, minShareCount = 1): Group => ({
    name,
    test,
    minShareCount,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      group('common', (id) => staffAtOnce(id, true)),
      group('staff', (id) => staffAtOnce(id, false)),
      group('client-shared', sharedWithClient),
      group('signed-in', (id) => !entriesOf.has(id), 2),
    ],
  };
}
