// What a machine's facts table is (factToasts.ts, sessionToasts.ts) and how a fact finds its toast.
import type { EventObject } from 'xstate';

export interface Toast {
  /** A loading toast stays until the next success or error of the same machine replaces it. */
  kind: 'loading' | 'success' | 'error';
  text: string;
  /** Toasts with the same id replace each other: a failure repeated while its toast is up shows once. */
  id?: string;
}

/** For each fact a machine emits that shows a toast, the toast. */
export type FactToasts<TFact extends EventObject> = {
  [Type in TFact['type']]?: (fact: Extract<TFact, { type: Type }>) => Toast | undefined;
};

export const loading = (text: string): Toast => ({ kind: 'loading', text });
export const success = (text: string): Toast => ({ kind: 'success', text });
export const error = (text: string): Toast => ({ kind: 'error', text });

/** The toast a fact shows, if any. */
export function toastOf<TFact extends EventObject>(table: FactToasts<TFact>, fact: TFact): Toast | undefined {
  const show = table[fact.type as TFact['type']] as ((fact: TFact) => Toast | undefined) | undefined;
  return show?.(fact);
}
