import { memo } from 'react';
import { phoneUsages, type PhoneUsage } from '../../../../domain/enums';
import { fieldRule } from '../../../../domain/intake/fields';
import { bothPhoneUsagesTicked, setBothPhoneUsages } from '../../../../domain/intake/rules';
import { CheckboxGroup, type CheckboxItem } from '../../../components/Checkbox';
import { useIntakeField, useIntakeSelector, useIntakeStore } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { FieldMarks } from './FieldMarks';

const path = 'personalInformation.phoneUsages';
const rule = fieldRule(path);

type UsageBox = PhoneUsage | 'both';

const usageItems: readonly CheckboxItem<UsageBox>[] = [
  ...phoneUsages.map((key) => ({ key, label: rule.options[key] })),
  { key: 'both', label: 'Both' },
];

/**
 * Phone usage (docs/product/intake-form.md): call and text, and a 'Both' box that sets both when ticked and
 * empties the list when unticked; it shows ticked when both are present. The rule itself is the
 * domain's (setBothPhoneUsages / bothPhoneUsagesTicked).
 */
export const PhoneUsageField = memo(function PhoneUsageField({ span }: { span?: CellSpan }) {
  const store = useIntakeStore();
  const field = useIntakeField(path);
  const both = useIntakeSelector(bothPhoneUsagesTicked);
  const values: Record<UsageBox, boolean> = {
    call: field.value.includes('call'),
    text: field.value.includes('text'),
    both,
  };

  function handleChange(changes: Partial<Record<UsageBox, boolean>>) {
    if (changes.both !== undefined) {
      // Read at the moment of the click, not subscribed: the field needs the intake only here.
      const next = setBothPhoneUsages(store.getSnapshot().context.intake, changes.both);
      store.send({ type: 'fields.change', changes: [{ path, value: next.personalInformation.phoneUsages }] });
      return;
    }
    field.onChange(phoneUsages.filter((usage) => changes[usage] ?? field.value.includes(usage)));
  }

  return (
    <div className={cell({ span })}>
      <CheckboxGroup<UsageBox>
        legend={rule.label}
        items={usageItems}
        values={values}
        onChange={handleChange}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
      />
      <FieldMarks path={path} />
    </div>
  );
});
