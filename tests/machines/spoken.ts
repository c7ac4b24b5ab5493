// What a person sees of a machine's emitted facts: each toast as the app shows it
// (src/ui/app/factToasts.ts), written `{ type: 'toast.<kind>', message }`; other facts as they are.
import type { AnyEventObject, EventObject } from 'xstate';
import { toastOf, type FactToasts } from '../../src/ui/app/toastTables';

export function spoken<TFact extends EventObject>(table: FactToasts<TFact>, emitted: readonly AnyEventObject[]): AnyEventObject[] {
  return emitted.map((fact) => {
    const toast = toastOf(table, fact as TFact);
    return toast ? { type: `toast.${toast.kind}`, message: toast.text } : fact;
  });
}
