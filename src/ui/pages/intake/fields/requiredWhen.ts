// The red asterisk of a field (docs/product/intake-form.md#field-rules: "Required labels show a red
// asterisk") follows the field catalogue's final-submit requirement (src/domain/intake/fields.ts),
// some of which depend on other answers (a parent's name for a minor, a reason once 'Client cited?'
// is Yes). The selector runs in the field's own subscription, so the tab never re-renders for it.
import type { IntakeFieldId } from '../../../../domain/intake/fields';
import { isRequired } from '../../../../domain/intake/rules';
import { useIntakeSelector } from '../form/intakeFieldBinding';

export function useRequired(path: IntakeFieldId): boolean {
  return useIntakeSelector((intake) => isRequired(intake, path));
}
