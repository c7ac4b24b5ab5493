// What a session that ends under a page shows on that page (docs/product/sign-in-and-session.md,
// Sessions that end in the browser): the dialog that asks for the password again, the message
// of a deactivated account, and the notice five minutes before expiry. Drawn from the session
// machine's states alone; the page below stays mounted as it was.
import { useState, type FormEvent } from 'react';
import { sessionTexts } from '../../domain/texts';
import { SecondFactorChoice } from '../components/SecondFactor';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { TextInput } from '../components/TextInput';
import { SessionContext, useSessionActor } from './session';
import { sessionDialogMode } from './sessionDialogMode';
import * as css from './SessionDialogs.css';

// The login form's rules (yup) load with the dialog, as beside the login screen.
const loadLoginRules = () => import('../pages/login/loginRules');

function SignOutButton() {
  const session = useSessionActor();
  return (
    <Button tone="secondary" onClick={() => session.send({ type: 'session.logout' })}>
      {sessionTexts.signOut}
    </Button>
  );
}

/** The spec's sign-in fields and texts, with the signed-in email fixed. */
function SignInAgainDialog({ email }: { email: string }) {
  const session = useSessionActor();
  const busy = SessionContext.useSelector((snapshot) => snapshot.matches({ ended: 'reauthenticating' }));
  const loginError = SessionContext.useSelector((snapshot) => snapshot.context.loginError);
  const reason = SessionContext.useSelector((snapshot) => snapshot.context.endReason ?? 'unknown');
  // A person with two-factor sign-in gives a code after the password (docs/product/sign-in-and-session.md).
  const askingCode = SessionContext.useSelector(
    (snapshot) =>
      snapshot.matches({ ended: 'askingCode' }) ||
      snapshot.matches({ ended: 'verifyingCode' }) ||
      snapshot.matches({ ended: 'verifyingPasskey' }),
  );
  const codeBusy = SessionContext.useSelector(
    (snapshot) => snapshot.matches({ ended: 'verifyingCode' }) || snapshot.matches({ ended: 'verifyingPasskey' }),
  );
  const methods = SessionContext.useSelector((snapshot) => snapshot.context.methods ?? []);
  const codeError = SessionContext.useSelector((snapshot) => snapshot.context.codeError);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { loginErrors } = await loadLoginRules();
    const found = loginErrors({ email, password }).password;
    setError(found);
    if (found === undefined) session.send({ type: 'session.login', email, password });
  }

  return (
    <Modal title={sessionTexts.endedTitle}>
      <form className={css.form} noValidate aria-label="Log in" onSubmit={(event) => void submit(event)}>
        <p className={css.reason}>{sessionTexts.endedReasons[reason === 'deactivated' ? 'unknown' : reason]}</p>
        <p className={css.prompt}>{sessionTexts.endedPrompt}</p>
        <TextInput
          id="session-ended-email"
          label="Email Address"
          hideLabel
          type="email"
          name="email"
          placeholder="Email Address"
          autoComplete="username"
          value={email}
          onChange={() => undefined}
          disabled
        />
        <TextInput
          id="session-ended-password"
          label="Password"
          hideLabel
          type="password"
          name="password"
          placeholder="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={error}
          disabled={askingCode}
        />
        {loginError !== undefined && (
          <p className={css.loginError} role="alert">
            {loginError}
          </p>
        )}
        <div className={css.actions}>
          <SignOutButton />
          <Button type="submit" loading={busy} disabled={askingCode}>
            Log in
          </Button>
        </div>
      </form>
      {askingCode && (
        <SecondFactorChoice
          id="session-ended-code"
          methods={methods}
          busy={codeBusy}
          error={codeError}
          onCode={(code) => session.send({ type: 'session.code', code })}
          onPasskey={() => session.send({ type: 'session.passkey' })}
        />
      )}
    </Modal>
  );
}

function AccessEndedDialog() {
  return (
    <Modal title={sessionTexts.accessEndedTitle} footer={<SignOutButton />}>
      <p>{sessionTexts.accessEnded}</p>
    </Modal>
  );
}

function ExpiryNotice() {
  const session = useSessionActor();
  const renewing = SessionContext.useSelector((snapshot) => snapshot.matches({ loggedIn: 'renewing' }));
  return (
    <div className={css.notice} role="status">
      <span>{sessionTexts.expiryNotice}</span>
      <Button size="sm" loading={renewing} onClick={() => session.send({ type: 'session.stay' })}>
        {sessionTexts.staySignedIn}
      </Button>
    </div>
  );
}

export function SessionDialogs() {
  const mode = SessionContext.useSelector(sessionDialogMode);
  const email = SessionContext.useSelector((snapshot) => snapshot.context.user?.email);
  if (mode === 'accessEnded') return <AccessEndedDialog />;
  if (mode === 'signInAgain' && email !== undefined) return <SignInAgainDialog email={email} />;
  if (mode === 'notice') return <ExpiryNotice />;
  return null;
}
