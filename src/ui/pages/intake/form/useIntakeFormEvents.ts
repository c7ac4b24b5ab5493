import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { useToastEvents } from '../../../app/useToastEvents';

/**
 * What the intake machine emits, done by the page: toasts (react-hot-toast), moving to another
 * route ('/intake-list' after a final submit, docs/product/intake-form.md) and scrolling to the top (Back and
 * Next, docs/product/intake-form.md). The machine decides when; the page only carries it out.
 */
export function useIntakeFormEvents(actor: AnyActorRef): void {
  const navigate = useNavigate();
  useToastEvents(actor);
  useEffect(() => {
    const subscriptions = [
      actor.on('navigate', (event: AnyEventObject) => {
        if (typeof event.to === 'string') void navigate(event.to);
      }),
      actor.on('scrollTop', () => window.scrollTo({ top: 0 })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate]);
}
