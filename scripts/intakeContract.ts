// The intake's sections of openapi.yaml (PersonalInformation ... Checklist), written from the field
// catalogue (src/domain/intake/fields.ts) by `npm run gen:api`, and checked fresh by
// tests/contract/schema-fresh.test.ts. Everything between the two marker lines is this file's.
import { format, resolveConfig } from 'prettier';
import { Document } from 'yaml';
import { COUNT_MAXIMUM, contractLimits, intakeFieldIds, intakeFields, type FieldRule } from '../src/domain/intake/fields';
import { sectionKeys } from '../src/domain/intake/keys';

export const beginMarker = '    # ---- intake sections: written from src/domain/intake/fields.ts by `npm run gen:api`, do not edit';
export const endMarker = '    # ---- end of intake sections';

/** What each section's schema says of itself. */
const sectionDescriptions: Record<(typeof sectionKeys)[number], string> = {
  personalInformation:
    'Tab 1 (docs/product/intake-form.md). Texts are strings (empty when not given), choices and Yes/No answers are null until answered; a choice sent as an empty string is taken as unanswered.',
  vehicleInformation: "Tab 2, the client's vehicle (docs/product/intake-form.md).",
  defendantInformation: 'Tab 3, the defendant and their vehicle (docs/product/intake-form.md).',
  pointsOfInjury:
    "Tab 4: every tick box as one flat boolean, as docs/product/intake-form.md lists them. The three groups are body points (leftNeck ... upperBack), symptoms (tingling ... dizziness) and vehicle impact points (leftFrontWing ... frontBumper); their names do not overlap, so one flat object keeps the stored shape equal to the spec's field list.",
  injuryInformation:
    'Tab 5 (docs/product/intake-form.md). painAndSymptomsExp and dailyLifeWorkEffect are the multi-line text areas (180 characters, docs/product/intake-form.md).',
  incidentDescription:
    "Tab 6 (docs/product/intake-form.md). description, fault and witnessNamesAndContacts are multi-line text areas (180 characters, docs/product/intake-form.md); photoOrEvidenceDescription has the spec's 100. incidentDate (beyond the spec, docs/product/intake-form.md#incident-date) is not after today, and absent or null when unanswered; the limitation deadline is this date plus the firm's limitationYears.",
  checklist:
    'Tab 7: the discussion topics (vehicleNextStep ... questions) and the checklist items (firstPartyInsurance ... potentialTbi), as docs/product/intake-form.md lists them.',
};

/** The groups of tick boxes inside a section, each its own schema. */
const groupDescriptions: Record<string, string> = {
  'injuryInformation.painAndSymptoms': "The 'Check all that apply' group of tab 5 (spellings as in docs/product/intake-form.md).",
};

type JsonSchema = Record<string, unknown>;

const schemaName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A field as it travels (docs/product/intake-form.md): dates ISO or null, counts whole, choices null until answered. */
function fieldSchema(path: string, rule: FieldRule): JsonSchema {
  const limits = contractLimits(path as never);
  const described = (schema: JsonSchema) => ('note' in rule && rule.note ? { ...schema, description: rule.note } : schema);
  switch (rule.kind) {
    case 'tick':
      return { type: 'boolean' };
    case 'yesNo':
      return described({ type: ['boolean', 'null'] });
    case 'date':
      return described(ref('IntakeDate'));
    case 'count':
      return described({ type: 'integer', minimum: 0, maximum: COUNT_MAXIMUM });
    case 'choice':
      return described({ type: ['string', 'null'], ...limits, enum: [...Object.keys(rule.options), '', null] });
    case 'list': {
      const options = Object.keys(rule.options);
      const longest = Math.max(...options.map((option) => option.length));
      return described({
        type: 'array',
        maxItems: options.length,
        uniqueItems: true,
        items: { type: 'string', maxLength: longest, enum: options },
      });
    }
    default:
      return described({ type: 'string', ...limits });
  }
}

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** Every schema of the intake's sections, by name, in the catalogue's order. */
export function intakeSectionSchemas(): Record<string, JsonSchema> {
  const objects = new Map<string, ObjectSchema>(sectionKeys.map((key) => [key, { properties: {}, required: [] }]));
  for (const path of intakeFieldIds) {
    const rule: FieldRule = intakeFields[path];
    const at = path.lastIndexOf('.');
    const [base, field] = [path.slice(0, at), path.slice(at + 1)];
    if (!objects.has(base)) {
      objects.set(base, { properties: {}, required: [] });
      const [section, group] = base.split('.') as [string, string];
      const parent = objects.get(section) as ObjectSchema;
      parent.properties[group] = ref(schemaName(group));
      parent.required.push(group);
    }
    const object = objects.get(base) as ObjectSchema;
    object.properties[field] = fieldSchema(path, rule);
    if (!(rule.kind === 'date' && rule.mayBeAbsent)) object.required.push(field);
  }
  return Object.fromEntries(
    [...objects].map(([base, { properties, required }]) => [
      schemaName(base.slice(base.lastIndexOf('.') + 1)),
      {
        type: 'object',
        additionalProperties: false,
        description: sectionDescriptions[base as keyof typeof sectionDescriptions] ?? groupDescriptions[base],
        required,
        properties,
      },
    ]),
  );
}

/** A value as one line of YAML flow: openapi.yaml's own style for a field. */
function flow(value: unknown): string {
  return new Document(value).toString({ collectionStyle: 'flow', singleQuote: true, lineWidth: 0 }).trim();
}

/** A description as a YAML block, its words wrapped as the hand-written ones are. */
function block(text: string, indent: string): string {
  if (text.length < 96) return flow(text);
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length < 96) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return ['|', ...lines.map((line) => `${indent}${line}`)].join('\n');
}

function schemaYaml(name: string, schema: JsonSchema): string {
  const { properties, required, description, ...rest } = schema as JsonSchema & {
    properties: Record<string, JsonSchema>;
    required: string[];
  };
  const lines = [`    ${name}:`];
  for (const [key, value] of Object.entries(rest)) lines.push(`      ${key}: ${flow(value)}`);
  lines.push(`      description: ${block(description as string, '        ')}`, `      required: ${flow(required)}`, '      properties:');
  for (const [key, value] of Object.entries(properties)) lines.push(`        ${key}: ${flow(value)}`);
  return lines.join('\n');
}

/** openapi.yaml with its intake sections written from the catalogue, formatted as the repository's Prettier does. */
export async function withIntakeSections(document: string, documentPath: string): Promise<string> {
  const begin = document.indexOf(beginMarker);
  const end = document.indexOf(endMarker);
  if (begin === -1 || end < begin) throw new Error(`openapi.yaml lacks the intake section markers (${beginMarker.trim()})`);
  const block = Object.entries(intakeSectionSchemas())
    .map(([name, schema]) => schemaYaml(name, schema))
    .join('\n');
  const written = `${document.slice(0, begin)}${beginMarker}\n${block}\n${document.slice(end)}`;
  const options = (await resolveConfig(documentPath)) ?? {};
  return format(written, { ...options, filepath: documentPath });
}
