// The passkeys machine's sample events and answers (docs/product/sign-in-and-session.md, Passkeys),
// shared by its model suite (tests/machines/passkeys.machine.test.ts) and the browser one
// (tests/e2e/model/passkeys.test.ts), so both walk the same paths.
import type { AnyEventObject } from 'xstate';
import { passkeyTexts } from '../../src/domain/texts';

export const laptop = { id: 'pk-1', name: 'Office laptop', createdAt: '2026-11-02T09:00:00.000Z', lastUsedAt: null };
export const phone = { id: 'pk-2', name: 'Phone', createdAt: '2026-11-03T09:00:00.000Z', lastUsedAt: '2026-11-04T10:00:00.000Z' };
export const renamedLaptop = { ...laptop, name: 'Desk laptop' };
/** The browser's prompt given up: nothing reached the server. */
export const given = { status: 0, code: 'passkey_ceremony', message: 'The operation either timed out or was not allowed.' };
export const required = { status: 409, code: 'second_factor_required', message: passkeyTexts.requiredCannotRemove };
export const notFound = { status: 404, code: 'not_found', message: passkeyTexts.notFound };
export const unreachable = { status: 0, message: 'The server could not be reached' };

export const passkeysSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPasskeys', output: [laptop] },
  { type: 'xstate.error.actor.loadPasskeys', error: unreachable },
  { type: 'passkeys.retry' },
  { type: 'passkeys.add' },
  { type: 'passkeys.name', name: '  Phone ' },
  { type: 'passkeys.name', name: '   ' },
  { type: 'passkeys.cancel' },
  { type: 'xstate.done.actor.addPasskey', output: phone },
  { type: 'xstate.error.actor.addPasskey', error: given },
  { type: 'passkeys.rename', id: laptop.id },
  { type: 'xstate.done.actor.renamePasskey', output: renamedLaptop },
  { type: 'xstate.error.actor.renamePasskey', error: notFound },
  { type: 'passkeys.remove', id: laptop.id },
  { type: 'passkeys.confirm' },
  { type: 'xstate.done.actor.removePasskey' },
  { type: 'xstate.error.actor.removePasskey', error: required },
];
