// The pieces of two-factor sign-in a person sees on the login screen and on the profile
// (docs/product/sign-in-and-session.md, Second factor): a code field, an authenticator's secret as
// a QR code and as text, and recovery codes shown once. The machines decide which one shows.
import { useEffect, useState, type FormEvent } from 'react';
import { passkeyTexts, secondFactorTexts } from '../../../domain/texts';
import { Button } from '../Button';
import { TextInput } from '../TextInput';
import * as css from './SecondFactor.css';

interface CodeFormProps {
  id: string;
  prompt?: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}

/** A code typed from the authenticator app (or a recovery code where the step takes one). */
export function CodeForm({ id, prompt, submitLabel, busy, error, onSubmit, onCancel, cancelLabel }: CodeFormProps) {
  const [code, setCode] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  }
  return (
    <form className={css.panel} noValidate onSubmit={submit} aria-label={secondFactorTexts.codeLabel}>
      {prompt && <p>{prompt}</p>}
      <TextInput
        id={id}
        label={secondFactorTexts.codeLabel}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={20}
        required
        value={code}
        onChange={setCode}
        error={error}
        disabled={busy}
      />
      <div className={css.buttons}>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" tone="secondary" onClick={onCancel}>
            {cancelLabel ?? secondFactorTexts.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The otpauth address drawn as a QR code (qrcode loads with the first one shown). */
function QrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: 192 }).then((dataUrl) => {
        if (current) setImage(dataUrl);
      }),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return image ? <img className={css.qr} src={image} alt="QR code for your authenticator app" /> : <div className={css.qr} />;
}

export interface SecretPanelProps {
  secret: string;
  otpauthUrl: string;
}

/** The secret to set up: scanned, or typed in by hand. */
export function SecretPanel({ secret, otpauthUrl }: SecretPanelProps) {
  return (
    <div className={css.panel}>
      <p>{secondFactorTexts.scanPrompt}</p>
      <QrCode url={otpauthUrl} />
      <p>
        {secondFactorTexts.secretLabel}:{' '}
        <code className={css.secret} data-testid="totp-secret">
          {secret}
        </code>
      </p>
    </div>
  );
}

/** The ten recovery codes, shown once. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <section className={css.panel} aria-label={secondFactorTexts.recoveryTitle}>
      <h2>{secondFactorTexts.recoveryTitle}</h2>
      <p>{secondFactorTexts.recoveryPrompt}</p>
      <ul className={css.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={css.buttons}>
        <Button type="button" onClick={onDone}>
          {secondFactorTexts.recoveryDone}
        </Button>
      </div>
    </section>
  );
}

interface SecondFactorChoiceProps {
  id: string;
  /** What the challenge takes (docs/product/sign-in-and-session.md, Second factor and Passkeys). */
  methods: readonly string[];
  busy: boolean;
  error: string | undefined;
  onCode: (code: string) => void;
  onPasskey: () => void;
  onCancel?: () => void;
}

/**
 * The second step after a right password: a code of the authenticator app where the person has
 * one, and 'Use a passkey' where they have a passkey.
 */
export function SecondFactorChoice({ id, methods, busy, error, onCode, onPasskey, onCancel }: SecondFactorChoiceProps) {
  const codes = methods.includes('totp');
  const passkey = methods.includes('passkey');
  const passkeyButton = passkey && (
    <Button type="button" tone={codes ? 'secondary' : 'primary'} loading={busy && !codes} onClick={onPasskey}>
      {passkeyTexts.useAsSecondFactor}
    </Button>
  );
  if (codes) {
    return (
      <div className={css.panel}>
        <CodeForm
          id={id}
          prompt={secondFactorTexts.codePrompt}
          submitLabel={secondFactorTexts.verify}
          busy={busy}
          error={error}
          onSubmit={onCode}
          onCancel={onCancel}
        />
        {passkeyButton && <div className={css.buttons}>{passkeyButton}</div>}
      </div>
    );
  }
  return (
    <section className={css.panel} aria-label={secondFactorTexts.codeLabel}>
      <p>{passkeyTexts.secondFactorPrompt}</p>
      {error && <p role="alert">{error}</p>}
      <div className={css.buttons}>
        {passkeyButton}
        {onCancel && (
          <Button type="button" tone="secondary" onClick={onCancel}>
            {secondFactorTexts.cancel}
          </Button>
        )}
      </div>
    </section>
  );
}
