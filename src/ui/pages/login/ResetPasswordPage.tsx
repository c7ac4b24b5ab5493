// /reset-password/{token} (docs/product/sign-in-and-session.md, Password reset): the new password
// twice, drawn from the passwordReset machine's states alone. The token sits in the path, which the
// server never logs; the server answers the page no-store with Referrer-Policy: no-referrer.
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { resetPassword } from '../../../api/passwordReset';
import { passwordResetTexts } from '../../../domain/texts';
import { passwordResetMachine, type PasswordResetCall } from '../../../machines/passwordReset.machine';
import { FormTextInput, useFormSubmit } from '../../app/formField';
import { useMachineActor } from '../../app/inspect';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import * as css from './HelpPage.css';
import { PasswordHelpFrame } from './PasswordHelpFrame';

const appPasswordResetMachine = passwordResetMachine.provide({
  actors: { resetPassword: fromPromise<void, PasswordResetCall>(({ input }) => resetPassword(input.token, input.password)) },
});

const fieldId = (field: string) => `reset-${field}`;

const passwordFields = [
  { field: 'password', label: passwordResetTexts.newPassword },
  { field: 'confirmPassword', label: passwordResetTexts.confirmPassword },
] as const;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const actor = useMachineActor(appPasswordResetMachine, { input: { token } });
  const step = useSelector(actor, (snapshot) => (snapshot.value as { reset: string }).reset);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const submit = useFormSubmit(actor, fieldId);

  return (
    <PasswordHelpFrame title={passwordResetTexts.resetTitle}>
      {(step === 'editing' || step === 'saving') && (
        <form className={css.section} noValidate onSubmit={submit} aria-label={passwordResetTexts.resetTitle}>
          {passwordFields.map(({ field, label }) => (
            <FormTextInput
              key={field}
              actor={actor}
              field={field}
              id={fieldId(field)}
              label={label}
              type="password"
              autoComplete="new-password"
              required
            />
          ))}
          {error && <p role="alert">{error}</p>}
          <Button type="submit" loading={busy}>
            {passwordResetTexts.save}
          </Button>
        </form>
      )}
      {step === 'done' && (
        <section className={css.section}>
          <p role="status" className={css.text}>
            {passwordResetTexts.done}
          </p>
        </section>
      )}
      {step === 'linkDead' && (
        <section className={css.section}>
          <p role="alert" className={css.text}>
            {passwordResetTexts.linkDead}
          </p>
          <Link className={css.link} to={paths.forgotPassword}>
            {passwordResetTexts.askAgain}
          </Link>
        </section>
      )}
    </PasswordHelpFrame>
  );
}
