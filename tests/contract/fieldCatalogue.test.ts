// openapi.yaml and the intake field catalogue (src/domain/intake/fields.ts) must agree: every field
// of the form is a property of the contract and the reverse, each text's maxLength, each count's
// minimum and maximum and each choice's options are the catalogue's, so the server refuses exactly
// what the form could never send (docs/product/intake-form.md#limits). A limit changed on one side
// only fails here.
import { describe, expect, it } from 'vitest';
import { contractLimits, intakeFieldIds, intakeFields, type FieldRule, type IntakeFieldId } from '../../src/domain/intake/fields';
import { loadDocument, resolve, type SchemaObject } from './openapiDocument';

const doc = loadDocument();
const input = resolve(doc, doc.components.schemas.GeneralCaseInformationInput!);

/** Every leaf property of the intake's sections in the contract, by dotted path, unresolved (a date keeps its $ref). */
function contractFields(): Map<string, SchemaObject> {
  const fields = new Map<string, SchemaObject>();
  const walk = (prefix: string, schema: SchemaObject) => {
    for (const [name, property] of Object.entries(resolve(doc, schema).properties ?? {})) {
      const resolved = resolve(doc, property);
      if (resolved.type === 'object' && resolved.properties) walk(`${prefix}.${name}`, property);
      else fields.set(`${prefix}.${name}`, property);
    }
  };
  for (const [section, schema] of Object.entries(input.properties ?? {})) {
    if (resolve(doc, schema).type === 'object') walk(section, schema);
  }
  return fields;
}

const contract = contractFields();
const bounds = (schema: SchemaObject) =>
  Object.fromEntries(
    (['maxLength', 'minimum', 'maximum'] as const).flatMap((key) => (schema[key] === undefined ? [] : [[key, schema[key]]])),
  );

describe('openapi.yaml and the field catalogue', () => {
  it('name the same fields', () => {
    expect([...contract.keys()].sort()).toEqual([...intakeFieldIds].sort());
  });

  const bounded = intakeFieldIds.filter((path) => intakeFields[path].kind !== 'date');
  it.each(bounded)('%s: maxLength, minimum and maximum are the catalogue limits', (path) => {
    expect(bounds(resolve(doc, contract.get(path) ?? {}))).toEqual(contractLimits(path));
  });

  const dates = intakeFieldIds.filter((path) => intakeFields[path].kind === 'date');
  it.each(dates)('%s travels as an IntakeDate', (path) => {
    expect(contract.get(path)?.$ref).toBe('#/components/schemas/IntakeDate');
  });

  const withOptions = intakeFieldIds.filter((path): path is IntakeFieldId => 'options' in intakeFields[path]);
  it.each(withOptions)('%s: the choices are the catalogue options', (path) => {
    const rule = intakeFields[path] as Extract<FieldRule, { kind: 'choice' | 'list' }>;
    const schema = resolve(doc, contract.get(path) ?? {});
    const options = Object.keys(rule.options);
    if (rule.kind === 'list') {
      expect(schema.items?.enum).toEqual(options);
      expect(schema.maxItems).toBe(options.length);
    } else {
      // An unanswered choice is null, or an empty text taken as unanswered (docs/product/intake-form.md#draft-rule).
      expect(schema.enum).toEqual([...options, '', null]);
    }
  });
});
