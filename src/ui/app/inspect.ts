// `?inspect` in development (docs/architecture.md, State machines: open the app as
// http://localhost:5173/?inspect and every machine it starts shows up live in the Stately
// inspector (@statelyai/inspect), which opens in a pop-up window (allow pop-ups for the dev
// server once). The inspector is loaded with a dynamic import inside `if (import.meta.env.DEV)`,
// which a production build folds to `if (false)`: `vite build` contains none of it.
import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';

export const INSPECT_PARAMETER = 'inspect';

let shared: Observer<InspectionEvent> | undefined;

/**
 * One inspector for the whole page, usable at once: actors start before the dynamic import has
 * arrived, so their first inspection events (the actor's registration among them) wait here and
 * are replayed in order.
 */
function deferredInspector(): Observer<InspectionEvent> {
  const waiting: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | undefined;
  if (import.meta.env.DEV) {
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      target = createBrowserInspector().inspect;
      for (const event of waiting.splice(0)) target.next?.(event);
    });
  }
  return {
    next: (event) => {
      if (target) target.next?.(event);
      else waiting.push(event);
    },
  };
}

/**
 * The `inspect` option for `createActor` / `useActorRef` / an actor context's `options`: the
 * shared inspector in development when the address has `?inspect`, nothing otherwise.
 */
export function inspectOptions(): { inspect?: Observer<InspectionEvent> } {
  if (import.meta.env.DEV && new URLSearchParams(globalThis.location?.search ?? '').has(INSPECT_PARAMETER)) {
    shared ??= deferredInspector();
    return { inspect: shared };
  }
  return {};
}

type ActorRefArguments<TLogic extends AnyActorLogic> =
  Parameters<typeof useActorRef<TLogic>> extends [unknown, ...infer Rest] ? Rest : never;

/**
 * `useActorRef` with the inspector attached under `?inspect`: pages start their machines with this
 * so that every machine of the app can be watched, not only the session.
 */
export function useMachineActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options, observer]: ActorRefArguments<TLogic>
): Actor<TLogic> {
  // useActorRef's conditional rest parameters (input required or not) cannot be re-spread from a
  // generic; the arguments are the ones its signature demanded of our caller.
  const start = useActorRef as (logic: TLogic, options: ActorOptions<TLogic>, observer: ActorRefArguments<TLogic>[1]) => Actor<TLogic>;
  return start(logic, { ...inspectOptions(), ...(options as ActorOptions<TLogic> | undefined) }, observer);
}
