// Which fields a save changed, as `section.field` paths (openapi.yaml, ActivityEntry.fields): the
// trail says what was touched, never what it became (docs/product/activity.md).
import { isDeepStrictEqual } from 'node:util';

type Sections = Readonly<Record<string, unknown>>;

function entriesOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Compares two objects of sections field by field; a field holding a list or an object (body
 * parts, the checklist's answers) counts as one field. A section that is not an object is
 * compared as a whole and named alone.
 */
export function changedFieldPaths(before: Sections, after: Sections): string[] {
  const paths: string[] = [];
  const sections = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const section of sections) {
    const old = before[section];
    const now = after[section];
    const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
    if (!isObject(old) || !isObject(now)) {
      if (!isDeepStrictEqual(old, now)) paths.push(section);
      continue;
    }
    const oldFields = entriesOf(old);
    const newFields = entriesOf(now);
    for (const field of new Set([...Object.keys(oldFields), ...Object.keys(newFields)])) {
      if (!isDeepStrictEqual(oldFields[field], newFields[field])) paths.push(`${section}.${field}`);
    }
  }
  return paths;
}
