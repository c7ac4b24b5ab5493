// Passkeys (docs/product/sign-in-and-session.md, Passkeys): the profile's calls, and the two
// ceremonies the browser takes part in (@simplewebauthn/browser): creating a passkey, and signing
// a challenge with one. A ceremony the browser or the person gave up (no passkey, 'Cancel' in the
// browser's prompt) throws a PasskeyCeremonyError; the server's refusals throw ApiError as any call.
import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api } from './client';
import { dataOf, settledOf } from './errors';
import type { components } from './schema';

export type Passkey = components['schemas']['Passkey'];
export type LoginResult = components['schemas']['LoginResult'];

/** The browser did not complete the ceremony; nothing reached the server. */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
  readonly code = 'passkey_ceremony';
}

/**
 * WebAuthn's JSON as the contract names it (PasskeyAttestation, PasskeyAssertion): the same fields;
 * the library's interfaces only lack the index signatures of the contract's open objects.
 */
function asContract<T>(json: RegistrationResponseJSON | AuthenticationResponseJSON): T {
  return json as unknown as T;
}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyCeremonyError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

export async function listPasskeys(): Promise<Passkey[]> {
  return dataOf(api.GET('/v1/users/me/passkeys'));
}

/** Creates a passkey in this browser (its prompt) and adds it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await dataOf(api.POST('/v1/users/me/passkeys/options'));
  const response = await ceremony(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
  return dataOf(
    api.POST('/v1/users/me/passkeys', { body: { name, response: asContract<components['schemas']['PasskeyAttestation']>(response) } }),
  );
}

export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  return dataOf(api.PATCH('/v1/users/me/passkeys/{passkeyId}', { params: { path: { passkeyId: id } }, body: { name } }));
}

export async function removePasskey(id: string): Promise<void> {
  await settledOf(api.DELETE('/v1/users/me/passkeys/{passkeyId}', { params: { path: { passkeyId: id } } }));
}

/** Signs the server's challenge with a passkey this browser holds (for `challenge`'s user, when given). */
async function assertion(challenge?: string): Promise<AuthenticationResponseJSON> {
  const options = await dataOf(api.POST('/v1/users/login/passkey/options', { body: challenge ? { challenge } : {} }));
  return ceremony(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
}

/** 'Sign in with a passkey': no email, no password. */
export async function signInWithPasskey(): Promise<LoginResult> {
  const response = await assertion();
  return dataOf(
    api.POST('/v1/users/login/passkey', { body: { response: asContract<components['schemas']['PasskeyAssertion']>(response) } }),
  );
}

/** The second factor after a right password, given with a passkey. */
export async function passkeySecondFactor(challenge: string): Promise<LoginResult> {
  const passkey = await assertion(challenge);
  return dataOf(
    api.POST('/v1/users/login/second-factor', {
      body: { challenge, passkey: asContract<components['schemas']['PasskeyAssertion']>(passkey) },
    }),
  );
}
