// 'Send to client' on a draft intake in edit mode (docs/product/client-intake.md#the-link): the
// dialog draws the link machine (src/machines/clientLink.machine.ts), which makes, copies or
// emails the link.
import { formatLocalDate } from '../../../../domain/dates';
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { createClientLink, getClientLinkStatus } from '../../../../api/clientIntake';
import { clientLinkMachine } from '../../../../machines/clientLink.machine';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

export const CLIENT_LINK_TEXT = {
  open: 'Send to client',
  title: 'Send to client',
  explain:
    'A link for the client to fill in their personal information, the incident and their injuries on their phone, in English, Spanish or Vietnamese. It works once; a new link replaces the previous one.',
  copy: 'Copy link',
  email: 'Send by email',
  close: 'Close',
  link: 'Client link',
  copied: 'Link copied',
  sentTo: (email: string) => `Link sent to ${email}`,
  until: (day: string) => `Works until ${day}`,
  retry: 'Try again',
};

const machine = clientLinkMachine.provide({
  actors: {
    loadStatus: fromPromise(({ input }) => getClientLinkStatus(input.caseId)),
    createLink: fromPromise(({ input }) => createClientLink(input.caseId, input.delivery)),
    copyText: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
  },
});

export function ClientLinkButton({ caseId }: { caseId: string }) {
  const [snapshot, send] = useMachine(machine, { input: { caseId } });
  const inputId = useId();
  const { link, copied, error, emailAvailable } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const close = () => send({ type: 'dialog.close' });
  return (
    <>
      <Button tone="secondary" onClick={() => send({ type: 'dialog.open' })}>
        {CLIENT_LINK_TEXT.open}
      </Button>
      {snapshot.hasTag('open') ? (
        <Modal
          title={CLIENT_LINK_TEXT.title}
          onClose={close}
          footer={
            <>
              <Button tone="secondary" onClick={close}>
                {CLIENT_LINK_TEXT.close}
              </Button>
              {snapshot.matches('failed') ? (
                <Button onClick={() => send({ type: 'link.retry' })}>{CLIENT_LINK_TEXT.retry}</Button>
              ) : (
                <>
                  {emailAvailable ? (
                    <Button
                      tone="secondary"
                      loading={snapshot.matches('emailing')}
                      disabled={busy}
                      onClick={() => send({ type: 'link.email' })}
                    >
                      {CLIENT_LINK_TEXT.email}
                    </Button>
                  ) : null}
                  <Button loading={snapshot.matches('copying')} disabled={busy} onClick={() => send({ type: 'link.copy' })}>
                    {CLIENT_LINK_TEXT.copy}
                  </Button>
                </>
              )}
            </>
          }
        >
          <p>{CLIENT_LINK_TEXT.explain}</p>
          {error ? <p role="alert">{error}</p> : null}
          {link ? (
            <div>
              <label htmlFor={inputId}>{CLIENT_LINK_TEXT.link}</label>
              <input id={inputId} readOnly value={link.url} style={{ width: '100%' }} onFocus={(event) => event.target.select()} />
              <p>{CLIENT_LINK_TEXT.until(formatLocalDate(link.expiresAt) ?? link.expiresAt)}</p>
              <p role="status">{link.emailedTo ? CLIENT_LINK_TEXT.sentTo(link.emailedTo) : copied ? CLIENT_LINK_TEXT.copied : ''}</p>
            </div>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
