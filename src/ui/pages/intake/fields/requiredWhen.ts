// The red asterisk of a field (docs/product/intake-form.md: "Required labels show a red asterisk") follows the
// final-submit rules of docs/product/intake-form.md, some of which depend on other answers (a parent's name for a minor, a
// reason once 'Client cited?' is Yes). A field takes either a fixed flag or a selector over the
// intake; the selector runs in the field's own subscription, so the tab never re-renders for it.
import type { GeneralCaseInformation } from '../../../../domain/intake/types';
import { useIntakeSelector } from '../form/intakeFieldBinding';

export type RequiredWhen = boolean | ((intake: GeneralCaseInformation) => boolean);

const always = () => true;
const never = () => false;

export function useRequired(required: RequiredWhen = false): boolean {
  const select = typeof required === 'function' ? required : required ? always : never;
  return useIntakeSelector(select);
}
