import { memo } from 'react';
import { languages, type Language } from '../../../../domain/enums';
import { fieldRule } from '../../../../domain/intake/fields';
import { CheckboxGroup, type CheckboxItem } from '../../../components/Checkbox';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';

const path = 'personalInformation.languages';
const rule = fieldRule(path);
const languageItems: readonly CheckboxItem<Language>[] = languages.map((key) => ({ key, label: rule.options[key] }));

/** Language(s): at least one is required on final submit (docs/product/intake-form.md#personal-information). */
export const LanguagesField = memo(function LanguagesField({ span }: { span?: CellSpan }) {
  const field = useIntakeField(path);
  const values = Object.fromEntries(field.value.map((language) => [language, true])) as Partial<Record<Language, boolean>>;

  function handleChange(changes: Partial<Record<Language, boolean>>) {
    // Kept in the enum's order whatever order the boxes were ticked in.
    field.onChange(languages.filter((language) => changes[language] ?? field.value.includes(language)));
  }

  return (
    <div className={cell({ span })}>
      <CheckboxGroup<Language>
        legend={rule.label}
        items={languageItems}
        values={values}
        onChange={handleChange}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
      />
    </div>
  );
});
