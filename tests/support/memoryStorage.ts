// The machine, contract and model-based browser tests run in node, where there is no localStorage:
// a Storage kept in memory stands in for the browser's (the session and the auth token live there).
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** Everything stored, as one text (e.g. to look for SSN digits that must never be there). */
  dump(): string {
    return JSON.stringify([...this.items.entries()]);
  }
}
