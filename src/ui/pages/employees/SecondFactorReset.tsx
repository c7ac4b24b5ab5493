// 'Reset two-factor sign-in' on Edit Employee (docs/product/sign-in-and-session.md, Second
// factor): drawn from the secondFactorReset machine's states alone.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resetEmployeeTotp } from '../../../api/users';
import { secondFactorTexts } from '../../../domain/texts';
import { secondFactorResetMachine } from '../../../machines/secondFactorReset.machine';
import { useMachineActor } from '../../app/inspect';
import { Button } from '../../components/Button';
import * as layout from '../../theme/layout.css';

const appSecondFactorResetMachine = secondFactorResetMachine.provide({
  actors: { resetSecondFactor: fromPromise<void, string>(({ input }) => resetEmployeeTotp(input)) },
});

export function SecondFactorReset({ employeeId }: { employeeId: string }) {
  const actor = useMachineActor(appSecondFactorResetMachine, { input: { employeeId } });
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming') || snapshot.matches('resetting'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return (
    <section className={layout.card} aria-labelledby="employee-two-factor">
      <h2 id="employee-two-factor" className={layout.sectionTitle}>
        {secondFactorTexts.sectionTitle}
      </h2>
      {done && <p role="status">{secondFactorTexts.resetDone}</p>}
      {error && <p role="alert">{error}</p>}
      {!done && !confirming && (
        <Button tone="secondary" onClick={() => actor.send({ type: 'reset.ask' })}>
          {secondFactorTexts.reset}
        </Button>
      )}
      {confirming && (
        <div className={layout.formButtons}>
          <Button tone="secondary" onClick={() => actor.send({ type: 'reset.cancel' })} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => actor.send({ type: 'reset.confirm' })}>
            {secondFactorTexts.reset}
          </Button>
        </div>
      )}
    </section>
  );
}
