// A new form starts with every answer null and every text empty (docs/product/intake-form.md); every tick box
// starts unticked and the lists start empty. Each field's blank follows from its kind (fields.ts).
import { intakeFieldIds, intakeFields, type FieldRule } from './fields';
import { sectionKeys } from './keys';
import type { GeneralCaseInformation, IntakeSections } from './types';

type Node = Record<string, unknown>;

/** What the form holds for a field nothing was typed, picked or ticked in. */
function blankOf(rule: FieldRule): unknown {
  switch (rule.kind) {
    case 'tick':
      return false;
    case 'yesNo':
    case 'choice':
      return null;
    case 'list':
      return [];
    default:
      // Texts, dates ('' until picked) and counts ('' until typed: types.ts).
      return '';
  }
}

/** Every section with every field blank, in the catalogue's order (a group where its first box is). */
export function emptySections(): IntakeSections {
  const sections: Node = Object.fromEntries(sectionKeys.map((key) => [key, {}]));
  for (const path of intakeFieldIds) {
    const keys = path.split('.');
    const field = keys.pop() as string;
    const parent = keys.reduce<Node>((node, key) => (node[key] ??= {}) as Node, sections);
    parent[field] = blankOf(intakeFields[path]);
  }
  return sections as IntakeSections;
}

/** A blank intake in create mode: a draft with no caseId yet. */
export function emptyIntake(): GeneralCaseInformation {
  return { caseId: null, status: 'draft', createdAt: null, updatedAt: null, representativeName: null, ...emptySections() };
}
