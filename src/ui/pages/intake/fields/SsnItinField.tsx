import { memo } from 'react';
import { textLimit } from '../../../../domain/intake/limits';
import type { GeneralCaseInformation } from '../../../../domain/intake/types';
import { formatSsn } from '../../../../domain/formatters';
import { TextInput } from '../../../components/TextInput';
import { useIntakeField } from '../form/intakeFieldBinding';
import { cell, type CellSpan } from './fieldLayout.css';
import { useRequired } from './requiredWhen';

const path = 'personalInformation.ssnItin';

/** Required only when the client has an SSN (intake spec §5, Personal tab). */
const hasSsn = (intake: GeneralCaseInformation) => intake.personalInformation.status === 'hasSsn';

/**
 * SSN/ITIN (intake spec §5): typed digits become 3-2-4 groups with dashes as the person types,
 * at most 9 digits (11 characters). The domain's applyChange formats too, so a pasted value that
 * skips this input still ends up grouped.
 */
export const SsnItinField = memo(function SsnItinField({ span }: { span?: CellSpan }) {
  const field = useIntakeField(path);
  const required = useRequired(hasSsn);
  return (
    <div className={cell({ span })}>
      <TextInput
        label="SSN/ITIN"
        value={field.value}
        onChange={field.onChange}
        format={formatSsn}
        maxLength={textLimit(path)}
        required={required}
        error={field.error}
        disabled={field.disabled}
        inputMode="numeric"
        autoComplete="off"
        name={path}
      />
    </div>
  );
});
