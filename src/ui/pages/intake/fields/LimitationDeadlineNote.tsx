import { useSelector } from '@xstate/react';
import { todayIso } from '../../../../domain/dates';
import { limitationDeadline } from '../../../../domain/limitation';
import { useMachineActor } from '../../../app/inspect';
import { UrgencyText } from '../../../components/UrgencyText';
import { appFirmRecordMachine } from '../../firm/firmActors';
import { useIntakeSelector } from '../form/intakeFieldBinding';
import * as css from './fieldLayout.css';

/**
 * 'Limitation deadline: March 14, 2027 (112 days left)' under the incident date
 * (docs/product/intake-form.md#limitation-deadline): the date, the days and the colour are decided in
 * src/domain/limitation.ts from the firm's period. Nothing shows until the period is known: a
 * deadline from a guessed period could mislead.
 */
export function LimitationDeadlineNote() {
  const incidentDate = useIntakeSelector((intake) => intake.incidentDescription.incidentDate);
  const firm = useMachineActor(appFirmRecordMachine);
  const years = useSelector(firm, (snapshot) => snapshot.context.firm?.limitationYears);
  const deadline = years === undefined ? null : limitationDeadline(incidentDate, years, todayIso());
  if (!deadline) return null;
  return (
    <p className={css.note} data-testid="limitation-deadline">
      <UrgencyText urgency={deadline.urgency}>{deadline.text}</UrgencyText>
    </p>
  );
}
