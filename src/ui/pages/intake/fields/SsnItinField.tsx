import { memo } from 'react';
import { revealIntakeSsn } from '../../../../api/intakes';
import { textLimit } from '../../../../domain/intake/limits';
import type { GeneralCaseInformation } from '../../../../domain/intake/types';
import { formatSsnOver } from '../../../../domain/formatters';
import { isMaskedSsn } from '../../../../domain/ssnMask';
import { RevealButton, useReveal, useShownNumber } from '../../../components/Reveal';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField, useIntakeSelector } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { useRequired } from './requiredWhen';

const path = 'personalInformation.ssnItin';

/** Required only when the client has an SSN (docs/product/intake-form.md, Personal tab). */
const hasSsn = (intake: GeneralCaseInformation) => intake.personalInformation.status === 'hasSsn';

/** 'Show' on the form: the server records it as an SSN reveal (docs/product/intake-form.md). */
const revealForForm = (caseId: string) => revealIntakeSsn(caseId, 'show');

/**
 * SSN/ITIN (docs/product/intake-form.md): typed digits become 3-2-4 groups with dashes as the person types,
 * at most 9 digits (11 characters). The domain's applyChange formats too, so a pasted value that
 * skips this input still ends up grouped. A stored intake's number arrives masked ('***-**-6789');
 * 'Show' reveals it, typing replaces it, and an untouched mask is saved back as it came (the
 * server keeps the stored number; docs/product/intake-form.md#ssnitin-masked).
 */
export const SsnItinField = memo(function SsnItinField({ span }: { span?: CellSpan }) {
  const field = useIntakeField(path);
  const required = useRequired(hasSsn);
  const caseId = useIntakeSelector((intake) => intake.caseId);
  const reveal = useReveal(revealForForm);
  const shown = useShownNumber(reveal, 'ssnItin', field.value);
  return (
    <div className={cell({ span })}>
      <TextInput
        label="SSN/ITIN"
        value={shown}
        onChange={field.onChange}
        format={(typed) => formatSsnOver(shown, typed)}
        maxLength={textLimit(path)}
        required={required}
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
