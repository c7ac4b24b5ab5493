// HTTP for sign-in, the caller's profile and the firm's employees (docs/product/people.md). Requests are
// checked against openapi.yaml (server/http/openapi.ts) and access by server/auth/plugin.ts before
// these handlers run. The two form bodies keep the contract's verdict (`attachValidation`) so that
// bodyCheck.ts can answer with the spec's field messages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { privileges } from '../../src/domain/enums';
import {
  employeeCreateBodySchema,
  employeeUpdateBodySchema,
  passwordResetBodySchema,
  profileUpdateBodySchema,
} from '../../src/domain/schemas/user';
import { privilegedRoles } from '../../src/domain/session';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH, type DeviceCookie } from '../auth/deviceCookie';
import { callerOf, callerRecordOf, sessionOf } from '../auth/plugin';
import { ApiError } from '../http/errors';
import type { PageRoute, Route } from '../http/contractTypes';
import { publicLinkRateLimit } from '../links/oneUseLink';
import { checkedBody } from './bodyCheck';
import type { PasswordResetService } from './passwordResetService';
import type { PasskeyService, RelyingParty } from './passkeyService';
import type { SecondFactorService } from './secondFactorService';
import { ensureOwnRecord, keepingMaskedNumbers, type UsersService } from './service';

export interface UsersRoutesOptions {
  users: UsersService;
  secondFactors: SecondFactorService;
  passwordResets: PasswordResetService;
  /** Per address and minute on the public reset calls; false when the app runs without flood caps (some tests). */
  publicRatePerMinute: number | false;
  passkeys: PasskeyService;
  /** PUBLIC_URL: the relying party of passkeys; without it, the address staff called. */
  publicUrl?: string;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * docs/product/people.md: on profile edit an empty password means "keep the current one", so it is
 * dropped before the contract (which wants a non-empty password when one is sent) looks at it.
 */
async function dropEmptyPassword(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'password' in body && body.password === '') {
    delete (body as { password?: unknown }).password;
  }
}

/**
 * The device cookie (auth/deviceCookie.ts): script-proof, sent to the sign-in calls alone (its
 * path holds the second-factor step too), never cross-site, and over https only when the request
 * came that way (request.protocol reads X-Forwarded-Proto from a trusted proxy).
 */
function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, { name, value }: DeviceCookie): void {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * The passkeys' relying party (docs/product/sign-in-and-session.md, Passkeys): PUBLIC_URL's host and
 * origin, else the address the request was sent to (request.host and request.protocol follow a
 * trusted proxy's X-Forwarded-* headers only).
 */
function relyingPartyOf(request: FastifyRequest, publicUrl: string | undefined): RelyingParty {
  const url = new URL(publicUrl ?? `${request.protocol}://${request.host}`);
  return { id: url.hostname, origin: url.origin };
}

export async function usersRoutes(
  app: FastifyInstance,
  { users, secondFactors, passwordResets, passkeys, publicRatePerMinute, publicUrl }: UsersRoutesOptions,
): Promise<void> {
  app.post<Route<'login'>>('/v1/users/login', { config: { access: 'public' } }, async (request, reply) => {
    const { email, password } = request.body;
    // request.ip is X-Forwarded-For's client only when TRUST_PROXY trusts the proxy (server/config.ts).
    const outcome = await users.login(email, password, {
      clientAddress: request.ip,
      cookies: app.parseCookie(request.headers.cookie ?? ''),
    });
    // A second factor is owed: no session and no device cookie until it is given.
    if ('secondFactor' in outcome) return { data: outcome.secondFactor };
    const { deviceCookie, recoveryCodes: _none, ...session } = outcome;
    setDeviceCookie(request, reply, deviceCookie);
    return { data: session };
  });

  // docs/product/sign-in-and-session.md, Second factor.
  // A code, or a passkey's assertion (docs/product/sign-in-and-session.md, Passkeys): one of the two.
  app.post<Route<'loginSecondFactor'>>('/v1/users/login/second-factor', { config: { access: 'public' } }, async (request, reply) => {
    const { challenge, code, passkey } = request.body;
    const source = { clientAddress: request.ip, cookies: app.parseCookie(request.headers.cookie ?? '') };
    if ((code === undefined) === (passkey === undefined)) {
      throw new ApiError(400, 'bad_request', 'Send either a code or a passkey.');
    }
    const { deviceCookie, ...session } =
      passkey !== undefined
        ? await users.signedInAs(await passkeys.passChallenge(challenge, passkey, relyingPartyOf(request, publicUrl), request.ip), source)
        : await users.loginSecondFactor(challenge, code ?? '', source);
    setDeviceCookie(request, reply, deviceCookie);
    return { data: session };
  });

  app.post<Route<'passkeySignInOptions'>>('/v1/users/login/passkey/options', { config: { access: 'public' } }, async (request) => ({
    // Spread: WebAuthn's options interface, as the contract's open object.
    data: { ...(await passkeys.signInOptions(relyingPartyOf(request, publicUrl), request.body?.challenge)) },
  }));

  app.post<Route<'passkeySignIn'>>('/v1/users/login/passkey', { config: { access: 'public' } }, async (request, reply) => {
    const row = await passkeys.signIn(request.body.response, relyingPartyOf(request, publicUrl), request.ip);
    const {
      deviceCookie,
      recoveryCodes: _none,
      ...session
    } = await users.signedInAs(row, {
      clientAddress: request.ip,
      cookies: app.parseCookie(request.headers.cookie ?? ''),
    });
    setDeviceCookie(request, reply, deviceCookie);
    return { data: session };
  });

  app.get<Route<'listPasskeys'>>('/v1/users/me/passkeys', { config: { access: privileges } }, async (request) => ({
    data: await passkeys.list(callerOf(request)),
  }));

  app.post<Route<'passkeyRegistrationOptions'>>('/v1/users/me/passkeys/options', { config: { access: privileges } }, async (request) => ({
    data: { ...(await passkeys.registrationOptions(callerOf(request), relyingPartyOf(request, publicUrl))) },
  }));

  app.post<Route<'addPasskey'>>('/v1/users/me/passkeys', { config: { access: privileges } }, async (request, reply) => {
    const { name, response } = request.body;
    const added = await passkeys.register(callerOf(request), name.trim(), response, relyingPartyOf(request, publicUrl), request.ip);
    return reply.code(201).send({ data: added });
  });

  app.patch<Route<'renamePasskey'>>('/v1/users/me/passkeys/:passkeyId', { config: { access: privileges } }, async (request) => ({
    data: await passkeys.rename(callerOf(request), request.params.passkeyId, request.body.name.trim()),
  }));

  app.delete<Route<'removePasskey'>>('/v1/users/me/passkeys/:passkeyId', { config: { access: privileges } }, async (request, reply) => {
    await passkeys.remove(callerOf(request), request.params.passkeyId, request.ip);
    return reply.code(204).send();
  });

  app.post<Route<'loginSecondFactorEnrolment'>>(
    '/v1/users/login/second-factor/enrolment',
    { config: { access: 'public' } },
    async (request) => ({ data: await secondFactors.enrolAtSignIn(request.body.challenge) }),
  );

  app.get<Route<'getTotpStatus'>>('/v1/users/me/totp', { config: { access: privileges } }, async (request) => ({
    data: await secondFactors.status(callerOf(request)),
  }));

  app.post<Route<'startTotpEnrolment'>>('/v1/users/me/totp', { config: { access: privileges } }, async (request) => ({
    data: await secondFactors.startEnrolment(callerOf(request)),
  }));

  app.post<Route<'confirmTotpEnrolment'>>('/v1/users/me/totp/confirm', { config: { access: privileges } }, async (request) => ({
    data: { recoveryCodes: await secondFactors.confirmEnrolment(callerOf(request), request.body.code, request.ip) },
  }));

  app.delete<Route<'removeTotp'>>('/v1/users/me/totp', { config: { access: privileges } }, async (request, reply) => {
    await secondFactors.remove(callerOf(request), request.body.code, request.ip);
    return reply.code(204).send();
  });

  // Owner and administrator, for another employee (docs/product/people.md, Edit employee rules).
  app.delete<Route<'resetEmployeeTotp'>>('/v1/users/:id/totp', { config: { access: privilegedRoles } }, async (request, reply) => {
    await users.resetSecondFactor(callerOf(request), request.params.id, request.ip);
    return reply.code(204).send();
  });

  // docs/product/sign-in-and-session.md, Password reset. Public: the same low cap per address as
  // the client link's calls, against guessing and mail floods.
  const rateLimit = publicLinkRateLimit(publicRatePerMinute);
  app.get<Route<'getPasswordResetOptions'>>('/public/v1/password-reset', { config: { access: 'public', ...rateLimit } }, async () => ({
    data: passwordResets.options(),
  }));

  app.post<Route<'requestPasswordReset'>>(
    '/public/v1/password-reset',
    { config: { access: 'public', ...rateLimit } },
    async (request, reply) => {
      await passwordResets.request(request.body.email, request.ip);
      return reply.code(202).send();
    },
  );

  app.post<Route<'resetPassword'>>(
    '/public/v1/password-reset/:token',
    { config: { access: 'public', ...rateLimit }, attachValidation: true },
    async (request, reply) => {
      const body = checkedBody(passwordResetBodySchema, request.body, request.validationError);
      setDeviceCookie(request, reply, await passwordResets.reset(request.params.token, body.password, request.ip));
      return reply.code(204).send();
    },
  );

  // Owner and administrator, for another employee (docs/product/people.md, Edit employee rules).
  app.post<Route<'createPasswordResetLink'>>(
    '/v1/users/:id/password-reset',
    { config: { access: privilegedRoles } },
    async (request, reply) => {
      const data = await users.makePasswordResetLink(callerOf(request), request.params.id, originOf(request), request.ip);
      return reply.code(201).send({ data });
    },
  );

  app.post<Route<'logout'>>('/v1/users/logout', { config: { access: privileges } }, async (request, reply) => {
    await users.logout(callerOf(request), sessionOf(request), request.ip);
    return reply.code(204).send();
  });

  app.post<Route<'renewSession'>>('/v1/users/me/session/renew', { config: { access: privileges } }, async (request) => ({
    data: await users.renewSession(callerOf(request), sessionOf(request), callerRecordOf(request), request.ip),
  }));

  app.get<Route<'getCurrentUser'>>('/v1/users/me', { config: { access: privileges } }, async (request) => ({
    data: await users.currentUser(callerRecordOf(request)),
  }));

  // docs/product/people.md: the employee list and registration are for owner and administrator.
  app.get<PageRoute<'listUsers'>>('/v1/users', { config: { access: privilegedRoles } }, async (request) =>
    users.listUsers(callerOf(request), request.query),
  );

  app.post<Route<'createEmployee'>>(
    '/v1/firmUser',
    { config: { access: privilegedRoles }, attachValidation: true },
    async (request, reply) => {
      const body = checkedBody(employeeCreateBodySchema, request.body, request.validationError);
      return reply.sendOnce(201, async () => ({ data: await users.createEmployee(callerOf(request), body, request.ip) }));
    },
  );

  app.put<Route<'updateUser'>>(
    '/v1/user/:id',
    { config: { access: privileges }, attachValidation: true, preValidation: dropEmptyPassword },
    async (request) => {
      const caller = callerOf(request);
      // Someone else's record is refused before its body is looked at.
      ensureOwnRecord(caller, request.params.id);
      const sent = keepingMaskedNumbers(request.body, await users.ownNumbers(caller));
      const body = checkedBody(profileUpdateBodySchema, sent, request.validationError);
      return users.updateOwnProfile(caller, sessionOf(request), request.params.id, body, request.ip);
    },
  );

  // docs/product/people.md, Edit employee: owner and administrator, for employees of their firm.
  app.get<Route<'getEmployee'>>('/v1/users/:id', { config: { access: privilegedRoles } }, async (request) => ({
    data: await users.employee(callerOf(request), request.params.id),
  }));

  app.patch<Route<'updateEmployee'>>('/v1/users/:id', { config: { access: privilegedRoles }, attachValidation: true }, async (request) => {
    const body = checkedBody(employeeUpdateBodySchema, request.body, request.validationError);
    return { data: await users.updateEmployee(callerOf(request), request.params.id, body, request.ip) };
  });

  // Own record, or owner/administrator for their firm's users (docs/product/people.md).
  app.post<Route<'revealUserSsn'>>('/v1/user/:id/reveal', { config: { access: privileges } }, async (request) => ({
    data: await users.reveal(callerOf(request), request.params.id, request.ip),
  }));

  // docs/product/people.md: owner and administrator, for employees of their firm.
  app.post<Route<'deactivateUser'>>('/v1/user/:id/deactivate', { config: { access: privilegedRoles } }, async (request) => ({
    data: await users.deactivate(callerOf(request), request.params.id, request.ip),
  }));

  app.post<Route<'reactivateUser'>>('/v1/user/:id/reactivate', { config: { access: privilegedRoles } }, async (request) => ({
    data: await users.reactivate(callerOf(request), request.params.id, request.ip),
  }));
}
