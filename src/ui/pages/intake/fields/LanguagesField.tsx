import { memo } from 'react';
import { languages, type Language } from '../../../../domain/enums';
import { CheckboxGroup, type CheckboxItem } from '../../../components/Checkbox';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';

const path = 'personalInformation.languages';

// docs/product/intake-form.md tab 1: the three languages shown; the full list beyond them is not shown.
const languageItems: readonly CheckboxItem<Language>[] = [
  { key: 'spanish', label: 'Spanish' },
  { key: 'english', label: 'English' },
  { key: 'vietnamese', label: 'Vietnamese' },
];

/** Language(s): at least one is required on final submit (docs/product/intake-form.md). */
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
        legend="Language(s)"
        items={languageItems}
        values={values}
        onChange={handleChange}
        required
        error={field.error}
        disabled={field.disabled}
      />
    </div>
  );
});
