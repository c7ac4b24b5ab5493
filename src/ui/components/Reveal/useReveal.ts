import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { isMaskedSsn } from '../../../domain/ssnMask';
import { revealMachine, type RevealedNumbers } from '../../../machines/reveal.machine';
import { useMachineActor } from '../../app/inspect';

export type RevealActor = ActorRefFrom<typeof revealMachine>;

/**
 * One reveal actor for a screen's masked numbers ('Show', docs/product/people.md#ssn-and-itin).
 * `reveal` is the screen's call (intake or user); it is read once, when the screen first renders.
 */
export function useReveal(reveal: (subject: string) => Promise<RevealedNumbers>): RevealActor {
  return useMachineActor(revealMachine.provide({ actors: { reveal: fromPromise(({ input }) => reveal(input.subject)) } }));
}

/**
 * What a field shows: the number in full once revealed, while the form still holds the server's
 * mask (a number typed since replaces both).
 */
export function useShownNumber(actor: RevealActor, key: string, value: string | null | undefined): string {
  const revealed = useSelector(actor, (snapshot) => (snapshot.matches('revealed') ? snapshot.context.numbers?.[key] : undefined));
  return isMaskedSsn(value) && revealed ? revealed : (value ?? '');
}
