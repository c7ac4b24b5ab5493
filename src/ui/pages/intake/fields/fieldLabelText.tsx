import { visuallyHidden } from '../../../components/TextInput/field.css';

/**
 * A label that reads differently than it looks: tab 6 shows 'Reason' twice (docs/product/intake-form.md), but a
 * screen reader (and a test) needs 'Client cited reason' and 'Defendant reason' to tell them apart.
 */
export function fieldLabelText(label: string, shownLabel: string | undefined) {
  if (shownLabel === undefined) return label;
  return (
    <>
      <span aria-hidden="true">{shownLabel}</span>
      <span className={visuallyHidden}>{label}</span>
    </>
  );
}
