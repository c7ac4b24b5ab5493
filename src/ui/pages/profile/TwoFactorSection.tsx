// Two-factor sign-in on /profile (docs/product/sign-in-and-session.md, Second factor): drawn from
// the totpSetup machine's states alone.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmTotpEnrolment, getTotpStatus, removeTotp, startTotpEnrolment } from '../../../api/users';
import { secondFactorTexts } from '../../../domain/texts';
import { totpSetupMachine } from '../../../machines/totpSetup.machine';
import { useMachineActor } from '../../app/inspect';
import { Button } from '../../components/Button';
import { CodeForm, RecoveryCodes, SecretPanel } from '../../components/SecondFactor';
import * as layout from '../../theme/layout.css';

const appTotpSetupMachine = totpSetupMachine.provide({
  actors: {
    loadStatus: fromPromise(() => getTotpStatus()),
    startEnrolment: fromPromise(() => startTotpEnrolment()),
    confirmEnrolment: fromPromise<string[], string>(({ input }) => confirmTotpEnrolment(input)),
    removeTotp: fromPromise<void, string>(({ input }) => removeTotp(input)),
  },
});

export function TwoFactorSection() {
  const actor = useMachineActor(appTotpSetupMachine);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { enrolment, recoveryCodes, error, requiredByFirm } = useSelector(actor, (snapshot) => snapshot.context);

  let body;
  switch (state) {
    case 'off':
    case 'starting':
      body = (
        <>
          <p>{requiredByFirm ? secondFactorTexts.requiredByFirm : secondFactorTexts.off}</p>
          {error && <p role="alert">{error}</p>}
          <div>
            <Button loading={busy} onClick={() => actor.send({ type: 'totp.start' })}>
              {secondFactorTexts.setUp}
            </Button>
          </div>
        </>
      );
      break;
    case 'showingSecret':
    case 'confirming':
      body = (
        <>
          {enrolment && <SecretPanel secret={enrolment.secret} otpauthUrl={enrolment.otpauthUrl} />}
          <CodeForm
            id="profile-totp-code"
            submitLabel={secondFactorTexts.confirm}
            busy={busy}
            error={error}
            onSubmit={(code) => actor.send({ type: 'totp.code', code })}
            onCancel={() => actor.send({ type: 'totp.cancel' })}
            cancelLabel="Cancel"
          />
        </>
      );
      break;
    case 'showingRecoveryCodes':
      body = <RecoveryCodes codes={recoveryCodes ?? []} onDone={() => actor.send({ type: 'totp.recoveryCodesSaved' })} />;
      break;
    case 'on':
      body = (
        <>
          <p>{secondFactorTexts.on}</p>
          {!requiredByFirm && (
            <div>
              <Button tone="secondary" onClick={() => actor.send({ type: 'totp.remove' })}>
                {secondFactorTexts.remove}
              </Button>
            </div>
          )}
        </>
      );
      break;
    case 'askingRemovalCode':
    case 'removing':
      body = (
        <CodeForm
          id="profile-totp-removal-code"
          prompt={secondFactorTexts.removePrompt}
          submitLabel={secondFactorTexts.remove}
          busy={busy}
          error={error}
          onSubmit={(code) => actor.send({ type: 'totp.code', code })}
          onCancel={() => actor.send({ type: 'totp.cancel' })}
          cancelLabel="Cancel"
        />
      );
      break;
    default:
      body = null;
  }

  return (
    <section className={layout.card} aria-labelledby="profile-two-factor">
      <h2 id="profile-two-factor" className={layout.sectionTitle}>
        {secondFactorTexts.sectionTitle}
      </h2>
      {body}
    </section>
  );
}
