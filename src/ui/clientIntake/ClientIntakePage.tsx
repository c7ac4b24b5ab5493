// The client's page at /client-intake/{token} (docs/product/client-intake.md): its own bundle,
// nothing of the staff app. The machine (src/machines/clientIntake.machine.ts) decides which page
// shows and whether it may be left; this view draws its snapshot in the chosen language.
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import { fromPromise } from 'xstate';
import { openClientIntake, submitClientIntake } from '../../api/clientIntakePublic';
import { clientLanguages, clientPointGroups, clientSteps, isClientFieldShown, type ClientLanguage } from '../../domain/intake';
import { browserLanguage } from './browserLanguage';
import { clientTexts } from '../../domain/intake/clientTexts';
import {
  clientIntakeMachine,
  clientPages,
  CONSENT_ERROR,
  FULL_NAME_ERROR,
  pageOf,
  savedAnswersOf,
} from '../../machines/clientIntake.machine';
import { ClientField } from './ClientField';
import * as css from './clientIntake.css';
import { forgetSavedAnswers, readSavedAnswers, writeSavedAnswers } from './savedAnswers';

const machine = clientIntakeMachine.provide({
  actors: {
    openLink: fromPromise(({ input }) => openClientIntake(input.token)),
    submitAnswers: fromPromise(({ input }) => submitClientIntake(input.token, input.submission)),
  },
});

function LanguagePicker({ language, onChoose }: { language: ClientLanguage; onChoose: (language: ClientLanguage) => void }) {
  return (
    <div role="group" aria-label={clientTexts(language).page.language} className={css.languages}>
      {clientLanguages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={css.choice}
          aria-pressed={option === language}
          onClick={() => onChoose(option)}
        >
          {clientTexts(option).languageName}
        </button>
      ))}
    </div>
  );
}

export function ClientIntakePage({ token }: { token: string }) {
  const [snapshot, send] = useMachine(machine, { input: { token, language: browserLanguage(), saved: readSavedAnswers(token) } });
  const { language, greeting, answers, errors, fullName, consent } = snapshot.context;
  const texts = clientTexts(language);
  const page = texts.page;
  const nameId = useId();
  const errorCount = Object.keys(errors).length;

  // The answers stay in this browser while the form is open, and go once it is sent or the link is dead.
  const keeping = snapshot.matches('filling') || snapshot.matches('submitting');
  const finished = snapshot.matches('done') || snapshot.matches('expired');
  useEffect(() => {
    if (keeping && greeting) writeSavedAnswers(token, greeting.expiresAt, savedAnswersOf(snapshot));
    else if (finished) forgetSavedAnswers(token);
  }, [keeping, finished, greeting, token, snapshot]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = page.title;
  }, [language, page.title]);

  const choose = (next: ClientLanguage) => send({ type: 'language.choose', language: next });
  let body;
  if (snapshot.matches('loading')) {
    body = <p role="status">{page.loading}</p>;
  } else if (snapshot.matches('unreachable')) {
    body = (
      <section className={css.card}>
        <p role="alert">{page.failed}</p>
        <button type="button" className={css.button} onClick={() => send({ type: 'link.retry' })}>
          {page.retry}
        </button>
      </section>
    );
  } else if (snapshot.matches('expired')) {
    body = (
      <section className={css.card}>
        <h1 className={css.title}>{page.expiredTitle}</h1>
        <p>{page.expired}</p>
      </section>
    );
  } else if (snapshot.matches('done')) {
    body = (
      <section className={css.card}>
        <h1 className={css.title}>{page.doneTitle}</h1>
        <p role="status">{snapshot.matches({ done: 'alreadySent' }) ? page.alreadySent : page.done}</p>
      </section>
    );
  } else if (snapshot.matches('language')) {
    body = (
      <section className={css.card}>
        <h1 className={css.title}>{page.greeting(greeting?.firstName ?? '')}</h1>
        <p>{page.intro(greeting?.firmName ?? '')}</p>
        {greeting ? <p className={css.muted}>{page.expires(greeting.expiresAt.slice(0, 10))}</p> : null}
        <p className={css.label}>{page.languageQuestion}</p>
        <LanguagePicker language={language} onChoose={choose} />
        <button type="button" className={css.button} onClick={() => send({ type: 'answers.start' })}>
          {page.start}
        </button>
      </section>
    );
  } else {
    const busy = snapshot.hasTag('busy');
    const shown = pageOf(snapshot) ?? 'confirm';
    const confirming = shown === 'confirm';
    const current = clientSteps.find((step) => step.id === shown);
    body = (
      <form
        className={css.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: confirming ? 'answers.submit' : 'step.next' });
        }}
      >
        <p className={css.muted}>{page.stepOf(clientPages.indexOf(shown) + 1, clientPages.length)}</p>
        <h1 className={css.title}>{page.steps[shown]}</h1>
        {errorCount > 0 ? (
          <p role="alert" className={css.notice}>
            {page.fixErrors}
          </p>
        ) : null}
        {snapshot.matches({ filling: { lastSubmit: 'failed' } }) ? (
          <p role="alert" className={css.notice}>
            {page.failed}
          </p>
        ) : null}
        {current
          ? current.fields
              .filter((path) => isClientFieldShown(answers, path))
              .map((path) => (
                <ClientField
                  key={path}
                  path={path}
                  answers={answers}
                  language={language}
                  error={errors[path]}
                  onChange={(value) => send({ type: 'answers.change', changes: [{ path, value }] })}
                />
              ))
          : null}
        {current?.id === 'injuries'
          ? (['body', 'symptoms'] as const).map((group) => (
              <fieldset key={group} className={css.fieldset}>
                <legend className={css.label}>{group === 'body' ? page.bodyGroup : page.symptomGroup}</legend>
                <div className={css.options}>
                  {clientPointGroups[group].map((point) => (
                    <button
                      key={point}
                      type="button"
                      className={css.choice}
                      aria-pressed={answers.pointsOfInjury[point]}
                      onClick={() =>
                        send({
                          type: 'answers.change',
                          changes: [{ path: `pointsOfInjury.${point}`, value: !answers.pointsOfInjury[point] }],
                        })
                      }
                    >
                      {texts.points[point]}
                    </button>
                  ))}
                </div>
              </fieldset>
            ))
          : null}
        {confirming ? (
          <>
            <div className={css.field}>
              <label htmlFor={nameId} className={css.label}>
                {page.fullName}
              </label>
              <input
                id={nameId}
                className={css.input}
                autoComplete="name"
                value={fullName}
                aria-invalid={FULL_NAME_ERROR in errors || undefined}
                aria-describedby={FULL_NAME_ERROR in errors ? `${nameId}-error` : undefined}
                onChange={(event) => send({ type: 'fullName.change', value: event.target.value })}
              />
              {FULL_NAME_ERROR in errors ? (
                <p id={`${nameId}-error`} className={css.error}>
                  {page.fullNameRequired}
                </p>
              ) : null}
            </div>
            <div className={css.field}>
              <label className={css.check}>
                <input
                  type="checkbox"
                  className={css.checkbox}
                  checked={consent}
                  aria-invalid={CONSENT_ERROR in errors || undefined}
                  onChange={(event) => send({ type: 'consent.change', value: event.target.checked })}
                />
                <span>{page.consent(greeting?.firmName ?? '')}</span>
              </label>
              {CONSENT_ERROR in errors ? <p className={css.error}>{page.consentRequired}</p> : null}
            </div>
          </>
        ) : null}
        <div className={css.actions}>
          <button
            type="button"
            className={css.secondary}
            disabled={!snapshot.can({ type: 'step.back' })}
            onClick={() => send({ type: 'step.back' })}
          >
            {page.back}
          </button>
          <button type="submit" className={css.button} disabled={busy}>
            {confirming ? (busy ? page.submitting : page.submit) : page.next}
          </button>
        </div>
      </form>
    );
  }

  return (
    <main className={css.page}>
      {snapshot.matches('loading') || snapshot.matches('language') ? null : (
        <header className={css.header}>
          <LanguagePicker language={language} onChoose={choose} />
        </header>
      )}
      {body}
    </main>
  );
}
