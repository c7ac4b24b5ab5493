// Passkeys on /profile (docs/product/sign-in-and-session.md, Passkeys): drawn from the passkeys
// machine's states alone. Each passkey shows its name, when it was added and when it last signed
// in; adding names it first; removal asks first.
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { formatLocalDateTime } from '../../../domain/dates';
import { PASSKEY_NAME_MAX, passkeyTexts } from '../../../domain/texts';
import { passkeysMachine, type PasskeyItem, type RenameInput } from '../../../machines/passkeys.machine';
import { useMachineActor } from '../../app/inspect';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextInput } from '../../components/TextInput';
import * as layout from '../../theme/layout.css';
import * as css from './PasskeysSection.css';

// The API module (and the browser's WebAuthn helper in it) loads with the first call.
const passkeyCalls = () => import('../../../api/passkeys');

const appPasskeysMachine = passkeysMachine.provide({
  actors: {
    loadPasskeys: fromPromise(async () => (await passkeyCalls()).listPasskeys()),
    addPasskey: fromPromise<PasskeyItem, string>(async ({ input }) => (await passkeyCalls()).addPasskey(input)),
    renamePasskey: fromPromise<PasskeyItem, RenameInput>(async ({ input }) => (await passkeyCalls()).renamePasskey(input.id, input.name)),
    removePasskey: fromPromise<void, string>(async ({ input }) => (await passkeyCalls()).removePasskey(input)),
  },
});

interface NameFormProps {
  id: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

function NameForm({ id, initial, submitLabel, busy, error, onSubmit, onCancel }: NameFormProps) {
  const [name, setName] = useState(initial);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(name);
  }
  return (
    <form className={css.nameForm} noValidate onSubmit={submit} aria-label={passkeyTexts.nameLabel}>
      <TextInput
        id={id}
        label={passkeyTexts.nameLabel}
        name="passkeyName"
        placeholder={passkeyTexts.namePlaceholder}
        maxLength={PASSKEY_NAME_MAX}
        required
        value={name}
        onChange={setName}
        error={error}
        disabled={busy}
      />
      <div className={css.buttons}>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button type="button" tone="secondary" onClick={onCancel} disabled={busy}>
          {passkeyTexts.cancel}
        </Button>
      </div>
    </form>
  );
}

export function PasskeysSection() {
  const actor = useMachineActor(appPasskeysMachine);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { passkeys, selectedId, error, notice } = useSelector(actor, (snapshot) => snapshot.context);
  const selected = passkeys.find((passkey) => passkey.id === selectedId);
  const naming = state === 'naming' || state === 'adding';
  const renaming = state === 'renaming' || state === 'savingName';
  const confirming = state === 'confirmingRemoval' || state === 'removing';

  if (state === 'loading' || state === 'unavailable') {
    return (
      <section className={layout.card} aria-labelledby="profile-passkeys">
        <h2 id="profile-passkeys" className={layout.sectionTitle}>
          {passkeyTexts.sectionTitle}
        </h2>
        {state === 'unavailable' && (
          <div role="alert">
            <p>{error}</p>
            <Button tone="secondary" onClick={() => actor.send({ type: 'passkeys.retry' })}>
              {passkeyTexts.retry}
            </Button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className={layout.card} aria-labelledby="profile-passkeys">
      <h2 id="profile-passkeys" className={layout.sectionTitle}>
        {passkeyTexts.sectionTitle}
      </h2>
      {passkeys.length === 0 ? (
        <p>{passkeyTexts.none}</p>
      ) : (
        <ul className={css.list} aria-label={passkeyTexts.sectionTitle}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={css.item}>
              {renaming && passkey.id === selectedId ? (
                <NameForm
                  id="passkey-rename"
                  initial={passkey.name}
                  submitLabel={passkeyTexts.save}
                  busy={busy}
                  error={error}
                  onSubmit={(name) => actor.send({ type: 'passkeys.name', name })}
                  onCancel={() => actor.send({ type: 'passkeys.cancel' })}
                />
              ) : (
                <>
                  <div className={css.details}>
                    <strong className={css.name}>{passkey.name}</strong>
                    <span>
                      {passkeyTexts.addedOn}: {formatLocalDateTime(passkey.createdAt)}
                    </span>
                    <span>
                      {passkeyTexts.lastUsed}: {formatLocalDateTime(passkey.lastUsedAt) ?? passkeyTexts.neverUsed}
                    </span>
                  </div>
                  <div className={css.buttons}>
                    <Button
                      tone="secondary"
                      size="sm"
                      aria-label={`${passkeyTexts.rename} ${passkey.name}`}
                      disabled={state !== 'listing'}
                      onClick={() => actor.send({ type: 'passkeys.rename', id: passkey.id })}
                    >
                      {passkeyTexts.rename}
                    </Button>
                    <Button
                      tone="secondary"
                      size="sm"
                      aria-label={`${passkeyTexts.remove} ${passkey.name}`}
                      disabled={state !== 'listing'}
                      onClick={() => actor.send({ type: 'passkeys.remove', id: passkey.id })}
                    >
                      {passkeyTexts.remove}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && state === 'listing' && <p role="status">{notice}</p>}
      {error && state === 'listing' && <p role="alert">{error}</p>}
      {naming ? (
        <NameForm
          id="passkey-name"
          initial=""
          submitLabel={passkeyTexts.create}
          busy={busy}
          error={error}
          onSubmit={(name) => actor.send({ type: 'passkeys.name', name })}
          onCancel={() => actor.send({ type: 'passkeys.cancel' })}
        />
      ) : (
        <div>
          <Button onClick={() => actor.send({ type: 'passkeys.add' })} disabled={state !== 'listing'}>
            {passkeyTexts.add}
          </Button>
        </div>
      )}
      {confirming && selected && (
        <Modal
          title={passkeyTexts.confirmRemove}
          onClose={busy ? undefined : () => actor.send({ type: 'passkeys.cancel' })}
          footer={
            <>
              <Button tone="secondary" onClick={() => actor.send({ type: 'passkeys.cancel' })} disabled={busy}>
                {passkeyTexts.cancel}
              </Button>
              <Button tone="danger" loading={busy} onClick={() => actor.send({ type: 'passkeys.confirm' })}>
                {passkeyTexts.confirmRemove}
              </Button>
            </>
          }
        >
          <p>{passkeyTexts.removePrompt(selected.name)}</p>
        </Modal>
      )}
    </section>
  );
}
