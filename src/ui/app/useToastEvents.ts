import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AnyActorRef, AnyEventObject } from 'xstate';

function messageOf(event: AnyEventObject): string {
  return typeof event.message === 'string' ? event.message : '';
}

/**
 * Shows what a machine emits as `toast.loading` / `toast.success` / `toast.error` ({ message }).
 * A success or error after a loading toast replaces it (e.g. 'Creating lead...' becomes 'Lead
 * created successfully', docs/product/app-shell.md); other toasts stand on their own, so two results in a
 * row ('Neos Credentials Validated', then 'Neos credentials saved') are both seen.
 */
export function useToastEvents(actor: AnyActorRef): void {
  useEffect(() => {
    let pending: string | undefined;
    const settle = (show: typeof toast.success, event: AnyEventObject) => {
      show(messageOf(event), pending === undefined ? undefined : { id: pending });
      pending = undefined;
    };
    const subscriptions = [
      actor.on('toast.loading', (event: AnyEventObject) => {
        pending = toast.loading(messageOf(event), pending === undefined ? undefined : { id: pending });
      }),
      actor.on('toast.success', (event: AnyEventObject) => settle(toast.success, event)),
      actor.on('toast.error', (event: AnyEventObject) => settle(toast.error, event)),
    ];
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      // A loading toast never times out: one whose screen went away must not stay up for good.
      if (pending !== undefined) toast.dismiss(pending);
    };
  }, [actor]);
}
