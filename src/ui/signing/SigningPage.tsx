// The client's signing page at /sign/{token} (docs/product/engagement.md#screens): its own bundle,
// nothing of the staff app, built like the client's intake page (src/ui/clientIntake). The
// machine (src/machines/signing.machine.ts) decides which page shows and what the server's answer
// means; this view draws its snapshot in the chosen language. The consent and the documents are
// the server's texts in that language; the page's own words are src/domain/engagement/signingTexts.ts.
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { openEngagement, signEngagement } from '../../api/engagementPublic';
import { signingTexts } from '../../domain/engagement/signingTexts';
import { clientLanguages, type ClientLanguage } from '../../domain/intake';
import { signingMachine } from '../../machines/signing.machine';
import { browserLanguage } from '../clientIntake/browserLanguage';
import * as page from '../clientIntake/clientIntake.css';
import { SignaturePad } from '../components/SignaturePad';
import * as css from './signing.css';

const machine = signingMachine.provide({
  actors: {
    openEngagement: fromPromise(({ input }) => openEngagement(input.token)),
    signEngagement: fromPromise(({ input }) => signEngagement(input.token, input.submission)),
  },
});

function LanguagePicker({ language, onChoose }: { language: ClientLanguage; onChoose: (language: ClientLanguage) => void }) {
  return (
    <div role="group" aria-label={signingTexts(language).language} className={page.languages}>
      {clientLanguages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={page.choice}
          aria-pressed={option === language}
          onClick={() => onChoose(option)}
        >
          {signingTexts(option).languageName}
        </button>
      ))}
    </div>
  );
}

/** The signed copy as a file to save: the PDF the server answered, in base64. */
function useSignedFile(pdf: string | undefined): string | null {
  const url = useMemo(() => {
    if (!pdf) return null;
    const bytes = Uint8Array.from(atob(pdf), (character) => character.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [pdf]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function SigningPage({ token }: { token: string }) {
  const [snapshot, send] = useMachine(machine, { input: { token, language: browserLanguage() } });
  const { language, engagement, consent, documentIndex, method, drawing, signerName, problem, sendFailed, documentsChanged, signed } =
    snapshot.context;
  const texts = signingTexts(language);
  const consentId = useId();
  const nameId = useId();
  const padErrorId = useId();
  const signedFile = useSignedFile(signed?.pdf);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = texts.title;
  }, [language, texts.title]);

  const choose = (next: ClientLanguage) => send({ type: 'language.choose', language: next });
  const firmName = engagement?.firmName ?? '';
  const documents = engagement?.documents ?? [];
  let body;
  if (snapshot.matches('loading')) {
    body = <p role="status">{texts.loading}</p>;
  } else if (snapshot.matches('unreachable')) {
    body = (
      <section className={page.card}>
        <h1 className={page.title}>{texts.title}</h1>
        <p role="alert">{texts.failed}</p>
        <button type="button" className={page.button} onClick={() => send({ type: 'link.retry' })}>
          {texts.retry}
        </button>
      </section>
    );
  } else if (snapshot.matches('gone')) {
    const used = snapshot.matches({ gone: 'used' });
    body = (
      <section className={page.card}>
        <h1 className={page.title}>{used ? texts.usedTitle : texts.expiredTitle}</h1>
        <p>{used ? texts.used : texts.expired}</p>
      </section>
    );
  } else if (snapshot.matches('signed')) {
    body = (
      <section className={page.card}>
        <h1 className={page.title}>{texts.signedTitle}</h1>
        <p role="status">{texts.signed(firmName)}</p>
        {signedFile ? (
          <a className={`${page.button} ${css.download}`} href={signedFile} download={signed?.fileName ?? 'engagement.pdf'}>
            {texts.download}
          </a>
        ) : null}
      </section>
    );
  } else if (snapshot.matches('consent') && engagement) {
    const disclosure = engagement.consent[language];
    body = (
      <form
        className={page.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'consent.accept' });
        }}
      >
        <h1 className={page.title}>{texts.greeting(engagement.clientName)}</h1>
        <p>{texts.intro(firmName)}</p>
        <p className={page.muted}>{texts.expires(engagement.expiresAt.slice(0, 10))}</p>
        {documentsChanged ? (
          <p role="alert" className={page.notice}>
            {texts.documentsChanged}
          </p>
        ) : null}
        <h2 className={css.subtitle}>{disclosure.title}</h2>
        <ul className={css.list}>
          {disclosure.paragraphs.map((paragraph) => (
            <li key={paragraph}>{paragraph}</li>
          ))}
        </ul>
        <div className={page.field}>
          <label className={page.check}>
            <input
              type="checkbox"
              className={page.checkbox}
              checked={consent}
              aria-invalid={problem === 'consent' || undefined}
              aria-describedby={problem === 'consent' ? `${consentId}-error` : undefined}
              onChange={(event) => send({ type: 'consent.change', value: event.target.checked })}
            />
            <span>{disclosure.agree}</span>
          </label>
          {problem === 'consent' ? (
            <p id={`${consentId}-error`} className={page.error}>
              {texts.consentRequired}
            </p>
          ) : null}
        </div>
        <div className={page.actions}>
          <span />
          <button type="submit" className={page.button}>
            {texts.continue}
          </button>
        </div>
      </form>
    );
  } else if (snapshot.matches('reading')) {
    const shown = documents[documentIndex];
    const last = documentIndex === documents.length - 1;
    body = (
      <section className={page.card} aria-labelledby={`${consentId}-document`}>
        <p className={page.muted}>{texts.documentOf(documentIndex + 1, documents.length)}</p>
        <h1 id={`${consentId}-document`} className={page.title}>
          {shown?.title}
        </h1>
        {/* The text scrolls in its own box: keyboard users reach it with Tab. */}
        <div className={css.documentText} tabIndex={0} role="document" aria-label={shown?.title}>
          {(shown?.text ?? '').split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className={css.paragraph}>
              {paragraph}
            </p>
          ))}
        </div>
        <div className={page.actions}>
          <button type="button" className={page.secondary} onClick={() => send({ type: 'document.back' })}>
            {texts.back}
          </button>
          <button type="button" className={page.button} onClick={() => send({ type: 'document.next' })}>
            {last ? texts.toSign : texts.next}
          </button>
        </div>
      </section>
    );
  } else {
    const busy = snapshot.hasTag('busy');
    body = (
      <form
        className={page.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'signature.submit' });
        }}
      >
        <h1 className={page.title}>{texts.signatureTitle}</h1>
        <p>{texts.signatureIntro}</p>
        {sendFailed ? (
          <p role="alert" className={page.notice}>
            {texts.sendFailed}
          </p>
        ) : null}
        <div className={page.field}>
          <label htmlFor={nameId} className={page.label}>
            {texts.typedName}
          </label>
          <input
            id={nameId}
            className={page.input}
            autoComplete="name"
            value={signerName}
            aria-invalid={problem === 'name' || undefined}
            aria-describedby={problem === 'name' ? `${nameId}-error` : undefined}
            onChange={(event) => send({ type: 'signerName.change', value: event.target.value })}
          />
          {problem === 'name' ? (
            <p id={`${nameId}-error`} className={page.error}>
              {texts.nameRequired}
            </p>
          ) : null}
        </div>
        <fieldset className={page.fieldset}>
          <legend className={page.label}>{texts.method}</legend>
          <div className={page.options}>
            {(['draw', 'type'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={page.choice}
                aria-pressed={method === option}
                onClick={() => send({ type: 'method.choose', method: option })}
              >
                {option === 'draw' ? texts.draw : texts.type}
              </button>
            ))}
          </div>
        </fieldset>
        {method === 'draw' ? (
          <SignaturePad
            image={drawing}
            label={texts.padLabel}
            hint={texts.padHint}
            clearLabel={texts.clear}
            clearClassName={page.secondary}
            invalid={problem === 'signature'}
            describedBy={problem === 'signature' ? padErrorId : undefined}
            onDraw={(image) => send({ type: 'signature.draw', image })}
            onClear={() => send({ type: 'signature.clear' })}
          />
        ) : (
          <div className={page.field}>
            <span className={page.muted}>{texts.typedPreview}</span>
            <p className={css.typed} aria-label={texts.typedPreview}>
              {signerName}
            </p>
          </div>
        )}
        {problem === 'signature' ? (
          <p id={padErrorId} className={page.error}>
            {texts.signatureRequired}
          </p>
        ) : null}
        <div className={page.actions}>
          <button type="button" className={page.secondary} disabled={busy} onClick={() => send({ type: 'document.back' })}>
            {texts.back}
          </button>
          <button type="submit" className={page.button} disabled={busy}>
            {busy ? texts.signing : texts.sign}
          </button>
        </div>
      </form>
    );
  }

  return (
    <main className={page.page}>
      {snapshot.matches('loading') ? null : (
        <header className={page.header}>
          <LanguagePicker language={language} onChoose={choose} />
        </header>
      )}
      {body}
    </main>
  );
}
