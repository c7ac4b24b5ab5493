// /forgot-password (docs/product/sign-in-and-session.md, Password reset): drawn from the
// forgotPassword machine's states alone.
import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { passwordResetOptions, requestPasswordReset } from '../../../api/passwordReset';
import { passwordResetTexts } from '../../../domain/texts';
import { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { FormTextInput } from '../../app/formField';
import { useMachineActor } from '../../app/inspect';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import * as css from './HelpPage.css';

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

  useEffect(() => {
    const subscription = actor.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus());
    return () => subscription.unsubscribe();
  }, [actor]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  return (
    <main className={css.page}>
      <div className={css.content}>
        <div className={css.brand}>
          <Logo size={48} />
          <h1 className={css.title}>{passwordResetTexts.forgotTitle}</h1>
        </div>
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
        <Link className={css.link} to={paths.login}>
          {passwordResetTexts.backToLogin}
        </Link>
      </div>
    </main>
  );
}
