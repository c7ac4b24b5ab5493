// fast-check arbitraries from the JSON schemas of openapi.yaml (dereferenced): values that follow
// a schema, and values that break it the ways clients and attackers do (wrong types, keys named
// like Object.prototype's, numbers past every bound, text no header can carry).
import fc from 'fast-check';

export type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

/** Text a person could type, plus the awkward kinds: accents, CJK, emoji, control characters. */
const awkwardText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', ' ', "O'Brien", 'José Núñez', '中文', '🙂', '\u0000', 'a\r\nb', '<script>', "'; drop table users; --", 'constructor'),
);

/** Anything JSON can hold, including what no schema of the contract allows. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(2 ** 63, 1e19, -1e19, 1.5, -1, 0, Number.MAX_SAFE_INTEGER, [], {}, null, true, '', 'x'.repeat(5000)),
  awkwardText,
);

export const prototypeKeys = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.format === 'date') return isoDate();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-01-01') }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot invert: plain text below.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Values that follow `schema` (as far as a generator can: patterns are honoured, formats roughly). */
export function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return fc.oneof(...choices.map((choice) => valid(choice, depth)));
  if (schema.allOf) return valid(Object.assign({}, ...schema.allOf) as Schema, depth);
  const kinds = types(schema);
  if (kinds.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(
    ...kinds.map((kind): fc.Arbitrary<unknown> => {
      switch (kind) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
        case 'number':
          return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
        case 'string':
          return stringFor(schema);
        case 'array':
          return depth > 3
            ? fc.constant([])
            : fc.array(valid(schema.items ?? {}, depth + 1), {
                minLength: schema.minItems ?? 0,
                maxLength: Math.min(schema.maxItems ?? 3, 3),
              });
        default:
          return objectFor(schema, depth);
      }
    }),
  );
}

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = depth > 4 ? fc.constant(null) : valid(property, depth + 1);
  return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The paths of `value`'s objects: [] for itself, ['userInformation'] for a nested one... */
function objectPaths(value: unknown, at: string[] = []): string[][] {
  if (!isObject(value)) return [];
  return [at, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...at, key]))];
}

/** `value` with the object at `path` replaced by what `change` makes of it (JSON text, so any key survives). */
function changedAt(value: unknown, path: string[], change: (object: Json) => string): unknown {
  const copy = structuredClone(value) as Json;
  const marker = `__changed_${Math.random().toString(36).slice(2)}__`;
  if (path.length === 0) return JSON.parse(change(copy));
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Json;
  const last = path[path.length - 1]!;
  const replacement = change(parent[last] as Json);
  parent[last] = marker;
  return JSON.parse(JSON.stringify(copy).replace(JSON.stringify(marker), () => replacement));
}

/** `value` (a request that follows the contract) with one thing broken, at the top or deeper. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = objectPaths(value);
  if (paths.length === 0) return hostileValue;
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...prototypeKeys) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
  );
  return fc.tuple(fc.constantFrom(...paths), fc.nat({ max: 3 }), key, hostileValue).map(([path, how, key, bad]) =>
    changedAt(value, path, (object) => {
      const keys = Object.keys(object);
      if (how <= 1 || keys.length === 0) {
        // An extra key, often one named like Object.prototype's.
        const rest = JSON.stringify(object).slice(1);
        return `{${JSON.stringify(key)}:${JSON.stringify(bad ?? null)}${rest === '}' ? '' : ','}${rest}`;
      }
      const field = keys[key.length % keys.length]!;
      // A field given a hostile value, or left out.
      if (how === 2) return JSON.stringify({ ...object, [field]: bad ?? null });
      return JSON.stringify(Object.fromEntries(Object.entries(object).filter(([name]) => name !== field)));
    }),
  );
}

/** A value of `schema` with one thing broken: a wrong type somewhere, an extra key, a missing one. */
export function broken(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(hostileValue, valid(schema).chain(mutated));
}
