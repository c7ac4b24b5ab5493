import { useEffect } from 'react';
import type { EventObject, Subscription } from 'xstate';
import { toasts } from '../components/Toaster';
import { toastOf, type FactToasts } from './toastTables';

/** An actor as far as its emitted facts go (any machine's actor is one). */
export interface FactSource<TFact extends EventObject> {
  on(type: '*', handler: (fact: TFact) => void): Subscription;
}

/**
 * Shows the toasts of what a machine emits, as its table in factToasts.ts says. A success or
 * error after a loading toast replaces it (e.g. 'Creating lead...' becomes 'Lead created
 * successfully', docs/product/app-shell.md); other toasts stand on their own, so two results in a
 * row ('Neos Credentials Validated', then 'Neos credentials saved') are both seen.
 */
export function useToastEvents<TFact extends EventObject>(actor: FactSource<TFact>, table: FactToasts<TFact>): void {
  useEffect(() => {
    let pending: string | undefined;
    const show = (fact: TFact) => {
      const shown = toastOf(table, fact);
      if (!shown) return;
      const id = pending ?? shown.id;
      const options = id === undefined ? undefined : { id };
      if (shown.kind === 'loading') {
        pending = toasts.loading(shown.text, options);
        return;
      }
      (shown.kind === 'success' ? toasts.success : toasts.error)(shown.text, options);
      pending = undefined;
    };
    const subscription = actor.on('*', show);
    return () => {
      subscription.unsubscribe();
      // A loading toast never times out: one whose screen went away must not stay up for good.
      if (pending !== undefined) toasts.dismiss(pending);
    };
  }, [actor, table]);
}
