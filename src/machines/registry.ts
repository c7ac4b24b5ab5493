// Every machine of the app, found on disk rather than listed by hand, so a new
// `src/machines/<name>.machine.ts` is picked up by `npm run machines:export`, `npm run test:model`
// and the freshness test without editing anything. Node only (scripts and tests): the
// browser bundle never imports this file.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

const MACHINE_FILE = /\.machine\.ts$/;

export const machinesDir = path.dirname(fileURLToPath(import.meta.url));

export interface MachineEntry {
  /** The file name inside src/machines, e.g. 'pagination.machine.ts'. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/** The machine files, sorted so every listing and export comes out in the same order. */
export function machineFiles(dir: string = machinesDir): string[] {
  return readdirSync(dir)
    .filter((file) => MACHINE_FILE.test(file))
    .sort();
}

function machinesOf(file: string, exports: Record<string, unknown>): MachineEntry[] {
  return Object.entries(exports)
    .filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine)
    .map(([exportName, machine]) => ({ file, exportName, machine }));
}

/**
 * Imports every machine file and returns the machines it exports, sorted by file. A machine file
 * without a machine export, or two machines with one id, is a mistake worth stopping for: their
 * docs and coverage are keyed by the machine id.
 */
export async function loadMachines(dir: string = machinesDir): Promise<MachineEntry[]> {
  const entries: MachineEntry[] = [];
  for (const file of machineFiles(dir)) {
    const exports = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    const found = machinesOf(file, exports);
    if (found.length === 0) throw new Error(`src/machines/${file} exports no state machine`);
    entries.push(...found);
  }
  const byId = new Map<string, MachineEntry>();
  for (const entry of entries) {
    const other = byId.get(entry.machine.id);
    // A machine re-exported by a second file (or under a second name) is still one machine.
    if (other?.machine === entry.machine) continue;
    if (other) {
      throw new Error(`Machine id '${entry.machine.id}' is used by ${other.file} and ${entry.file}: give each machine its own id`);
    }
    byId.set(entry.machine.id, entry);
  }
  return [...byId.values()];
}
