// The statements PostgreSQL keeps prepared on each connection: the few that every request runs,
// compiled once (compiledOnce.ts). PostgreSQL plans an unnamed statement anew on every run, and
// planning the list's page against the intakes table and its indexes cost more than running it
// (README, Performance); a named statement is parsed and planned once per connection and then only
// executed. Only these texts get a name, so what each connection keeps stays a handful.

const names = new Map<string, string>();

/** Has PostgreSQL keep `text` prepared on every connection that runs it. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `kept_${names.size + 1}`);
}

/** The name `text` is kept under, if it is one of the kept statements. */
export function keptName(text: string): string | undefined {
  return names.get(text);
}
