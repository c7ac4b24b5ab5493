// A field's stored value in the staff form's own words: option and tick labels, Yes/No, a date
// spelled out. Beside a field, the client's answer ('From client', src/ui/pages/intake/clientLink)
// and the answer someone else saved (src/ui/pages/intake/merge) are shown this way.
import { formatLongUsDate } from '../../../../domain/dates';
import { fieldLabel, intakeFields, isIntakeField, type FieldPath, type FieldRule } from '../../../../domain/intake';

export function shownAnswer(path: FieldPath, value: unknown, words: { yes: string; no: string }): string {
  if (value === true) return words.yes;
  if (value === false) return words.no;
  const rule: FieldRule | undefined = isIntakeField(path) ? intakeFields[path] : undefined;
  if (rule?.kind === 'date' && typeof value === 'string') return formatLongUsDate(value) ?? value;
  const options: Readonly<Record<string, string>> = rule && 'options' in rule ? rule.options : {};
  const named = (item: unknown) => options[String(item)] ?? String(item);
  if (Array.isArray(value)) return value.map(named).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, ticked]) => ticked === true)
      .map(([key]) => {
        const tick = `${path}.${key}`;
        return isIntakeField(tick) ? fieldLabel(tick) : key;
      })
      .join(', ');
  }
  return named(value);
}
