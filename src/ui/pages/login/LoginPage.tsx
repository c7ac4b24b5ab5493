import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import type { LoginInput } from '../../../domain/schemas/login';
import { SessionContext, useSessionActor } from '../../app/session';
import { Button } from '../../components/Button';
import { CodeForm, RecoveryCodes, SecondFactorChoice, SecretPanel } from '../../components/SecondFactor';
import { passkeyTexts, secondFactorTexts } from '../../../domain/texts';
import { Logo } from '../../components/Logo';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../app/paths';
import * as css from './LoginPage.css';
import type { LoginFieldErrors } from './loginRules';

type Field = keyof LoginInput;

const fieldIds: Record<Field, string> = { email: 'login-email', password: 'login-password' };
const fieldOrder: readonly Field[] = ['email', 'password'];

// The rules (and yup with them) load beside the screen instead of inside the first download:
// the login route is what every visitor waits for. They are fetched as soon as the form shows.
const loadLoginRules = () => import('./loginRules');

/** docs/product/sign-in-and-session.md, Login: email and password required, email in email format. */
async function validate(values: LoginInput): Promise<LoginFieldErrors> {
  const { loginErrors } = await loadLoginRules();
  return loginErrors(values);
}

/** What 'Forgot password?' is drawn with: React Router's Link in the routed app, a plain link on the first load. */
export interface LoginLinkProps {
  to: string;
  className: string;
  children: ReactNode;
}

interface LoginScreenProps {
  link: ComponentType<LoginLinkProps>;
}

/**
 * The login screen of / and /login (docs/product/sign-in-and-session.md, Login screen), without
 * React Router: the first load shows it before the router has arrived (src/ui/app/FirstLoad.tsx);
 * the routed app shows it through LoginRoute.
 */
export function LoginScreen({ link: LinkTo }: LoginScreenProps) {
  const session = useSessionActor();
  const busy = SessionContext.useSelector((snapshot) => snapshot.matches('authenticating'));
  const passkeyBusy = SessionContext.useSelector((snapshot) => snapshot.matches('passkeySigningIn'));
  // After a right password: the second step (docs/product/sign-in-and-session.md, Second factor),
  // on this screen under the password form, which stays as it was typed.
  const askingCode = SessionContext.useSelector((snapshot) => snapshot.matches('secondFactor'));
  const enrolling = SessionContext.useSelector((snapshot) => snapshot.matches('enrolling'));
  const loginError = SessionContext.useSelector((snapshot) => snapshot.context.loginError);
  const passwordDone = askingCode || enrolling;
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    void loadLoginRules();
  }, []);

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages appear on the first submit and then follow the typing, so a fix clears its message.
    // The checks settle in the order they started, so the last keystroke's result is shown last.
    if (attempted) void validate(next).then(setErrors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const { loginErrors, loginSchema } = await loadLoginRules();
    const found = loginErrors(values);
    setErrors(found);
    const firstInvalid = fieldOrder.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      document.getElementById(fieldIds[firstInvalid])?.focus();
      return;
    }
    const { email, password } = loginSchema.cast(values);
    session.send({ type: 'session.login', email, password });
  }

  return (
    <div className={css.page}>
      {/* Decorative: the screen reads the same without it. */}
      <img className={css.picture} src="/building.svg" alt="" />
      <main className={css.panel}>
        <div className={css.card}>
          <Logo size={56} />
          <h1 className={css.heading}>Log in</h1>
          <form className={css.form} noValidate onSubmit={(event) => void submit(event)} aria-label="Log in">
            <TextInput
              id={fieldIds.email}
              label="Email Address"
              hideLabel
              type="email"
              name="email"
              placeholder="Email Address"
              autoComplete="username"
              required
              value={values.email}
              onChange={(value) => change('email', value)}
              error={errors.email}
              disabled={passwordDone}
            />
            <TextInput
              id={fieldIds.password}
              label="Password"
              hideLabel
              type="password"
              name="password"
              placeholder="Password"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={(value) => change('password', value)}
              error={errors.password}
              disabled={passwordDone}
            />
            <LinkTo className={css.forgot} to={paths.forgotPassword}>
              Forgot password?
            </LinkTo>
            <Button type="submit" fullWidth loading={busy} disabled={passwordDone || passkeyBusy}>
              Log in
            </Button>
          </form>
          {/* docs/product/sign-in-and-session.md, Passkeys: no email, no password. */}
          {!passwordDone && (
            <Button
              type="button"
              tone="secondary"
              fullWidth
              loading={passkeyBusy}
              disabled={busy}
              onClick={() => session.send({ type: 'session.passkey' })}
            >
              {passkeyTexts.signIn}
            </Button>
          )}
          {askingCode && <SecondFactorStep />}
          {enrolling && <EnrolmentStep />}
          {loginError !== undefined && (
            <p className={css.loginError} role="alert">
              {loginError}
            </p>
          )}
        </div>
      </main>
    </div>
  );
}

/** A code of the authenticator app or a recovery code, or a passkey: what the person has. */
function SecondFactorStep() {
  const session = useSessionActor();
  const busy = SessionContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const codeError = SessionContext.useSelector((snapshot) => snapshot.context.codeError);
  const methods = SessionContext.useSelector((snapshot) => snapshot.context.methods ?? []);
  return (
    <SecondFactorChoice
      id="login-code"
      methods={methods}
      busy={busy}
      error={codeError}
      onCode={(code) => session.send({ type: 'session.code', code })}
      onPasskey={() => session.send({ type: 'session.passkey' })}
      onCancel={() => session.send({ type: 'session.cancelCode' })}
    />
  );
}

/** The firm requires a second factor the person has not set up: set it up before going on. */
function EnrolmentStep() {
  const session = useSessionActor();
  const busy = SessionContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const codeError = SessionContext.useSelector((snapshot) => snapshot.context.codeError);
  const enrolment = SessionContext.useSelector((snapshot) => snapshot.context.enrolment);
  const recoveryCodes = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ enrolling: 'showingRecoveryCodes' }) ? snapshot.context.enrolledGrant?.recoveryCodes : undefined,
  );
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => session.send({ type: 'session.recoveryCodesSaved' })} />;
  return (
    <section aria-label={secondFactorTexts.sectionTitle}>
      <p role="status">{secondFactorTexts.requiredByFirm}</p>
      {enrolment && <SecretPanel secret={enrolment.secret} otpauthUrl={enrolment.otpauthUrl} />}
      <CodeForm
        id="login-enrolment-code"
        submitLabel={secondFactorTexts.confirm}
        busy={busy}
        error={codeError}
        onSubmit={(code) => session.send({ type: 'session.code', code })}
        onCancel={() => session.send({ type: 'session.cancelCode' })}
      />
    </section>
  );
}
