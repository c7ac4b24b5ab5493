// A software authenticator for the API tests (docs/product/sign-in-and-session.md, Passkeys): an
// ES256 key pair from node:crypto per credential, answering WebAuthn's JSON forms as a browser
// would hand them over: an attestation of format 'none' when a passkey is created, and assertions
// signed over authenticatorData || SHA-256(clientDataJSON) with a counter that goes up.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

export interface SoftCredential {
  id: string;
  /** The user handle the relying party gave (base64url). */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
  rpId: string;
}

/** The JSON the browser sends for a new passkey (RegistrationResponseJSON). */
export interface AttestationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: 'internal'[] };
}

/** The JSON the browser sends for a sign-in (AuthenticationResponseJSON). */
export interface AssertionJson {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present and user verified; AT when attested credential data follows. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

/** The COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return isoCBOR.encode(key);
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string; name?: string };
}

/**
 * Creates a passkey for these options (what POST /v1/users/me/passkeys/options answered), as
 * `origin` would; answers the credential (kept by the test) and the JSON to send.
 */
export function createPasskey(options: CreationOptions, origin: string): { credential: SoftCredential; json: AttestationJson } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    coseKey(publicKey),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const id = b64url(credentialId);
  return {
    credential: { id, userHandle: options.user.id, privateKey, counter: 0, rpId },
    json: {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

export interface AssertOptions {
  /** Another origin than the relying party's (a phishing page). */
  origin: string;
  /** Counter to sign with (default: one more than the last). */
  counter?: number;
  /** Leave the user handle out, as a non-discoverable assertion does. */
  withoutUserHandle?: boolean;
  /** Sign with this key instead of the credential's (a forged assertion). */
  signingKey?: KeyObject;
}

/** Signs `challenge` with the credential, as navigator.credentials.get answers it. */
export function assertPasskey(credential: SoftCredential, challenge: string, options: AssertOptions): AssertionJson {
  const counter = options.counter ?? credential.counter + 1;
  credential.counter = Math.max(credential.counter, counter);
  const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([FLAG_UP | FLAG_UV]), counterBytes(counter)]);
  const clientDataJSON = clientData('webauthn.get', challenge, options.origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
    options.signingKey ?? credential.privateKey,
  );
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON,
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(options.withoutUserHandle ? {} : { userHandle: credential.userHandle }),
    },
  };
}

/** A key pair of no passkey, to forge signatures with. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}
