// /forgot-password (docs/product/sign-in-and-session.md, Password reset): drawn from the
// forgotPassword machine's states alone.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passwordResetOptions, requestPasswordReset } from '../../../api/passwordReset';
import { passwordResetTexts } from '../../../domain/texts';
import { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { FormTextInput, useFormSubmit } from '../../app/formField';
import { useMachineActor } from '../../app/inspect';
import { Button } from '../../components/Button';
import * as css from './HelpPage.css';
import { PasswordHelpFrame } from './PasswordHelpFrame';

const appForgotPasswordMachine = forgotPasswordMachine.provide({
  actors: {
    loadOptions: fromPromise(() => passwordResetOptions()),
    requestReset: fromPromise<void, string>(({ input }) => requestPasswordReset(input)),
  },
});

const fieldId = (field: string) => `forgot-${field}`;

export function ForgotPasswordPage() {
  const actor = useMachineActor(appForgotPasswordMachine);
  const step = useSelector(actor, (snapshot) => (snapshot.value as { request: string }).request);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const submit = useFormSubmit(actor, fieldId);

  return (
    <PasswordHelpFrame title={passwordResetTexts.forgotTitle}>
      {step === 'loading' && <p role="status">Loading...</p>}
      {step === 'failed' && (
        <section className={css.section}>
          <p role="alert">{error}</p>
          <Button tone="secondary" onClick={() => actor.send({ type: 'options.retry' })}>
            Try again
          </Button>
        </section>
      )}
      {step === 'askingStaff' && (
        <section className={css.section}>
          <p className={css.text}>{passwordResetTexts.askStaff}</p>
        </section>
      )}
      {(step === 'askingEmail' || step === 'sending') && (
        <form className={css.section} noValidate onSubmit={submit} aria-label={passwordResetTexts.forgotTitle}>
          <p className={css.text}>{passwordResetTexts.forgotPrompt}</p>
          <FormTextInput actor={actor} field="email" id={fieldId('email')} label="Email" type="email" autoComplete="username" required />
          {error && <p role="alert">{error}</p>}
          <Button type="submit" loading={busy}>
            {passwordResetTexts.send}
          </Button>
        </form>
      )}
      {step === 'sent' && (
        <section className={css.section}>
          <p role="status" className={css.text}>
            {passwordResetTexts.sent}
          </p>
        </section>
      )}
    </PasswordHelpFrame>
  );
}
