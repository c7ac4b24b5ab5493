import { memo } from 'react';
import { revealIntakeSsn } from '../../../../api/intakes';
import { fieldRule } from '../../../../domain/intake/fields';
import { formatSsnOver } from '../../../../domain/formatters';
import { isMaskedSsn } from '../../../../domain/ssnMask';
import { RevealButton, useReveal, useShownNumber } from '../../../components/Reveal';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField, useIntakeSelector } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';

const path = 'personalInformation.ssnItin';

/** 'Show' on the form: the server records it as an SSN reveal (docs/product/intake-form.md). */
const revealForForm = (caseId: string) => revealIntakeSsn(caseId, 'show');

/**
 * SSN/ITIN (docs/product/intake-form.md#personal-information), required only with the status 'Has SSN': typed digits become 3-2-4 groups with dashes as the person types,
 * at most 9 digits (11 characters). The domain's applyChange formats too, so a pasted value that
 * skips this input still ends up grouped. A stored intake's number arrives masked ('***-**-6789');
 * 'Show' reveals it, typing replaces it, and an untouched mask is saved back as it came (the
 * server keeps the stored number; docs/product/intake-form.md#ssnitin-masked).
 */
export const SsnItinField = memo(function SsnItinField({ span }: { span?: CellSpan }) {
  const field = useIntakeField(path);
  const rule = fieldRule(path);
  const caseId = useIntakeSelector((intake) => intake.caseId);
  const reveal = useReveal(revealForForm);
  const shown = useShownNumber(reveal, 'ssnItin', field.value);
  return (
    <div className={cell({ span })}>
      <TextInput
        label={rule.label}
        value={shown}
        onChange={field.onChange}
        format={(typed) => formatSsnOver(shown, typed)}
        maxLength={rule.maxLength}
        required={field.required}
        error={field.error}
        disabled={field.disabled}
        inputMode="numeric"
        autoComplete="off"
        name={path}
      />
      {caseId !== null && isMaskedSsn(field.value) && <RevealButton actor={reveal} subject={caseId} what="SSN/ITIN" />}
    </div>
  );
});
