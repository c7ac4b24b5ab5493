import { useSelector } from '@xstate/react';
import { Button } from '../Button';
import * as css from './RevealButton.css';
import type { RevealActor } from './useReveal';

/** Shown when the reveal call fails; the masked value stays. */
export const REVEAL_FAILED = 'The number could not be shown. Try again.';

export interface RevealButtonProps {
  actor: RevealActor;
  /** The caseId or user id whose numbers the button reveals. */
  subject: string;
  /** Read by screen readers after 'Show' / 'Hide', e.g. 'SSN' (several buttons may share a screen). */
  what: string;
}

/** 'Show' beside a masked SSN/ITIN, 'Hide' once it is shown in full. */
export function RevealButton({ actor, subject, what }: RevealButtonProps) {
  const revealed = useSelector(actor, (snapshot) => snapshot.matches('revealed'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  return (
    <span className={css.reveal}>
      {revealed ? (
        <Button tone="secondary" size="sm" aria-label={`Hide ${what}`} onClick={() => actor.send({ type: 'reveal.hide' })}>
          Hide
        </Button>
      ) : (
        <Button
          tone="secondary"
          size="sm"
          loading={busy}
          aria-label={busy ? undefined : `Show ${what}`}
          onClick={() => actor.send({ type: 'reveal.show', subject })}
        >
          Show
        </Button>
      )}
      {failed && (
        <span role="alert" className={css.failed}>
          {REVEAL_FAILED}
        </span>
      )}
    </span>
  );
}
