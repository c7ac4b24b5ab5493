// The engagement on a stored intake (docs/product/engagement.md#screens): its state as the server
// says it, 'Send for signature' with its dialog (copy or email the signing link; a new link stops
// the live one, so it asks first), and once signed 'Signed engagement', the sealed PDF. The view
// draws the machine (src/machines/engagementDialog.machine.ts); whether a link may be made is the
// server's answer, shown as it gives it: with the state, so a refused 'Send for signature' is
// disabled with the reason beside it before anyone presses it. The state is read again whenever
// the conflict check is (`conflictsCheckedAt`): a decision recorded or changed there may change
// whether a link may be made.
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import { createEngagementLink, getEngagementStatus, getSignedEngagement, type EngagementStatus } from '../../../../api/engagement';
import { formatLocalDate } from '../../../../domain/dates';
import { engagementDialogMachine } from '../../../../machines/engagementDialog.machine';
import { Button } from '../../../components/Button';
import { ConfirmModal, Modal } from '../../../components/Modal';
import { OBJECT_URL_LIFETIME_MS } from '../pdf/downloadPdf';
import * as css from './engagement.css';

export const ENGAGEMENT_TEXT = {
  label: 'Engagement',
  states: { notSent: 'Not sent', sent: 'Sent', opened: 'Opened', signed: 'Signed' } satisfies Record<EngagementStatus['state'], string>,
  notLive: 'link expired or replaced',
  open: 'Send for signature',
  title: 'Send for signature',
  explain:
    'A link for the client to sign the engagement documents on their phone (the contingency fee agreement, the authorization to release medical records and the letter of representation), in English, Spanish or Vietnamese. It works once; a new link stops the previous one.',
  copy: 'Copy link',
  email: 'Send by email',
  close: 'Close',
  link: 'Signing link',
  copied: 'Link copied',
  sentTo: (email: string) => `Link sent to ${email}`,
  until: (day: string) => `Works until ${day}`,
  retry: 'Try again',
  replaceTitle: 'Make a new link?',
  replace: 'The client has a link that still works. A new link stops it: the client must use the new one.',
  keep: 'Keep the old link',
  confirm: 'Make a new link',
  download: 'Signed engagement',
  unavailable: 'The engagement could not be loaded.',
};

/** The file a download saves. */
function fileNameOf(caseId: string): string {
  return `Signed engagement ${caseId}.pdf`;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}

const machine = engagementDialogMachine.provide({
  actors: {
    loadStatus: fromPromise(({ input }) => getEngagementStatus(input.caseId)),
    createLink: fromPromise(({ input }) => createEngagementLink(input.caseId, input.delivery)),
    copyText: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
    downloadSigned: fromPromise(async ({ input }) => saveFile(await getSignedEngagement(input.caseId), fileNameOf(input.caseId))),
  },
});

export function EngagementPanel({ caseId, conflictsCheckedAt }: { caseId: string; conflictsCheckedAt: string | null }) {
  const [snapshot, send] = useMachine(machine, { input: { caseId } });
  const inputId = useId();
  const reasonId = useId();
  const { status, link, copied, error, delivery } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const close = () => send({ type: 'dialog.close' });
  const blocked = snapshot.matches({ dialog: 'blocked' });
  // The first check, made as the form opens, finds the state just read; later ones may change it.
  const seenCheck = useRef(conflictsCheckedAt);
  useEffect(() => {
    if (seenCheck.current === conflictsCheckedAt) return;
    const first = seenCheck.current === null;
    seenCheck.current = conflictsCheckedAt;
    if (!first) send({ type: 'status.reload' });
  }, [conflictsCheckedAt, send]);

  if (snapshot.matches('loading') && !status) return null;
  if (snapshot.matches('unavailable')) {
    return (
      <div className={css.panel} role="group" aria-label={ENGAGEMENT_TEXT.label}>
        <span role="alert">{ENGAGEMENT_TEXT.unavailable}</span>
        <Button tone="secondary" onClick={() => send({ type: 'status.retry' })}>
          {ENGAGEMENT_TEXT.retry}
        </Button>
      </div>
    );
  }
  const signed = snapshot.can({ type: 'signed.download' }) || snapshot.matches('downloading');
  const shownState = status ? ENGAGEMENT_TEXT.states[status.state] : '';
  const stale = status && !status.live && (status.state === 'sent' || status.state === 'opened');
  return (
    <div className={css.panel} role="group" aria-label={ENGAGEMENT_TEXT.label}>
      <span className={css.stateLine}>
        {ENGAGEMENT_TEXT.label}: <span className={css.state}>{shownState}</span>
        {stale ? <span className={css.muted}> ({ENGAGEMENT_TEXT.notLive})</span> : null}
      </span>
      {signed ? (
        <Button tone="secondary" loading={snapshot.matches('downloading')} onClick={() => send({ type: 'signed.download' })}>
          {ENGAGEMENT_TEXT.download}
        </Button>
      ) : (
        <Button
          tone="secondary"
          disabled={busy || snapshot.matches('refused')}
          aria-describedby={snapshot.matches('refused') ? reasonId : undefined}
          onClick={() => send({ type: 'dialog.open' })}
        >
          {ENGAGEMENT_TEXT.open}
        </Button>
      )}
      {snapshot.matches('refused') ? (
        <p id={reasonId} className={css.reason}>
          {status?.sendRefusal?.message}
        </p>
      ) : null}
      {error && !snapshot.hasTag('open') ? (
        <p role="alert" className={css.error}>
          {error}
        </p>
      ) : null}
      {snapshot.matches({ dialog: 'confirming' }) ? (
        <ConfirmModal
          title={ENGAGEMENT_TEXT.replaceTitle}
          cancelLabel={ENGAGEMENT_TEXT.keep}
          confirmLabel={ENGAGEMENT_TEXT.confirm}
          confirmTone="danger"
          onCancel={() => send({ type: 'replace.cancel' })}
          onConfirm={() => send({ type: 'replace.confirm' })}
        >
          <p>{ENGAGEMENT_TEXT.replace}</p>
        </ConfirmModal>
      ) : snapshot.hasTag('open') ? (
        <Modal
          title={ENGAGEMENT_TEXT.title}
          onClose={close}
          footer={
            <>
              <Button tone="secondary" onClick={close} disabled={busy}>
                {ENGAGEMENT_TEXT.close}
              </Button>
              {status?.emailAvailable ? (
                <Button
                  tone="secondary"
                  loading={busy && delivery === 'email'}
                  disabled={busy || blocked}
                  onClick={() => send({ type: 'link.email' })}
                >
                  {ENGAGEMENT_TEXT.email}
                </Button>
              ) : null}
              <Button loading={busy && delivery === 'copy'} disabled={busy || blocked} onClick={() => send({ type: 'link.copy' })}>
                {ENGAGEMENT_TEXT.copy}
              </Button>
            </>
          }
        >
          <p>{ENGAGEMENT_TEXT.explain}</p>
          {error ? <p role="alert">{error}</p> : null}
          {link ? (
            <div>
              <label htmlFor={inputId}>{ENGAGEMENT_TEXT.link}</label>
              <input id={inputId} className={css.address} readOnly value={link.url} onFocus={(event) => event.target.select()} />
              <p>{ENGAGEMENT_TEXT.until(formatLocalDate(link.expiresAt) ?? link.expiresAt)}</p>
              <p role="status">{link.emailedTo ? ENGAGEMENT_TEXT.sentTo(link.emailedTo) : copied ? ENGAGEMENT_TEXT.copied : ''}</p>
            </div>
          ) : null}
        </Modal>
      ) : null}
    </div>
  );
}
