// Password reset (docs/product/sign-in-and-session.md, Password reset). Two ways to a link: staff
// ask for one by email on 'Forgot password?' (SMTP_URL and PUBLIC_URL set), or an owner or
// administrator makes one for an employee on Edit Employee and hands it over. A link carries a
// token of 256 random bits in its path, stored only as its SHA-256; it works once, for 30 minutes,
// and a newer link of the same user replaces it. A reset ends every session of the user and lifts
// the sign-in lockout (auth/loginThrottle.ts) for the new password: the account's counters are
// dropped, and the browser that reset gets the device cookie a sign-in would give it, so the
// person signs in there at once even where their address is still locked (that address's
// counter is left alone: its failures may have been guesses at anyone's password).
//
// The emailed request answers the same words in the same time whoever the address belongs to: its
// answer's path only makes a token and its hash, which it does for every request; looking the
// address up, storing the link and sending the mail happen after the answer (`background`).
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_MAIL_INTERVAL_MS, RESET_PAGE } from '../../src/domain/passwordReset';
import type { SessionUser } from '../../src/domain/session';
import { passwordResetTexts } from '../../src/domain/texts';
import { recordActivity } from '../activity/recordActivity';
import type { DeviceCookie, DeviceCookies } from '../auth/deviceCookie';
import type { LoginThrottle } from '../auth/loginThrottle';
import { hashPassword } from '../auth/password';
import type { SessionStore } from '../auth/sessions';
import type { Mailer } from '../clientIntake/mailer';
import type { Database } from '../db/database';
import type { Schemas } from '../http/contractTypes';
import { ApiError } from '../http/errors';
import { linkNotFound, linkTokenHash, newLinkToken } from '../links/oneUseLink';
import { findUserByEmail, type UserRow } from './repository';

export type PasswordResetLink = Schemas['PasswordResetLink'];
export type PasswordResetOptions = Schemas['PasswordResetOptions'];

export interface PasswordResetDependencies {
  db: Kysely<Database>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  /** Present when SMTP_URL is set. */
  mailer?: Mailer;
  /** PUBLIC_URL: emailed links point here only (never at the Host a stranger sent). */
  publicUrl?: string;
  now?: () => Date;
  /** Where a failure after the answer goes (the server log); it never carries the token. */
  onBackgroundError?: (error: unknown) => void;
}

function emailUnavailable(): ApiError {
  return new ApiError(409, 'email_unavailable', passwordResetTexts.emailUnavailable);
}

export function createPasswordResetService({
  db,
  sessions,
  throttle,
  devices,
  mailer,
  publicUrl,
  now = () => new Date(),
  onBackgroundError,
}: PasswordResetDependencies) {
  const emailAvailable = mailer !== undefined && publicUrl !== undefined;
  /**
   * Work started after an answer, one after another (a flood of requests queues here rather than
   * opening as many mail connections); awaited when the app closes so nothing runs on a closed database.
   */
  let queue: Promise<void> = Promise.resolve();

  function background(work: () => Promise<void>): void {
    queue = queue.then(work).catch((error: unknown) => onBackgroundError?.(error));
  }

  /** A new link of the user; the user's older links stop working. Answers when it expires. */
  async function issue(user: UserRow, madeBy: string | null, tokenHash: string): Promise<string> {
    const at = now();
    const expiresAt = new Date(at.getTime() + PASSWORD_RESET_LIFETIME_MS).toISOString();
    await db
      .updateTable('password_resets')
      .set({ used_at: at.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await db
      .insertInto('password_resets')
      .values({
        token_hash: tokenHash,
        user_id: user.id,
        made_by: madeBy,
        created_at: at.toISOString(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return expiresAt;
  }

  function urlOf(origin: string, token: string): string {
    return `${origin.replace(/\/+$/, '')}${RESET_PAGE}${token}`;
  }

  return {
    /** GET /public/v1/password-reset: whether the server emails links. */
    options(): PasswordResetOptions {
      return { emailAvailable };
    },

    /**
     * POST /public/v1/password-reset: the same answer for every address. Only an active user's
     * address gets a link, one a minute at most; nothing is recorded for the others (a stranger
     * could fill the trail).
     */
    async request(email: string, clientAddress: string): Promise<void> {
      if (!emailAvailable || !mailer || !publicUrl) throw emailUnavailable();
      // The token and hash every request makes, whether or not the link is stored.
      const { token, hash: tokenHash } = newLinkToken();
      background(async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.status !== 'Active') return;
        // Strangers cannot fill a person's mailbox: one emailed link per minute at most.
        const recent = await db
          .selectFrom('password_resets')
          .select('token_hash')
          .where('user_id', '=', user.id)
          .where('made_by', 'is', null)
          .where('created_at', '>', new Date(now().getTime() - PASSWORD_RESET_MAIL_INTERVAL_MS).toISOString())
          .executeTakeFirst();
        if (recent) return;
        await issue(user, null, tokenHash);
        await mailer.sendPasswordReset({ to: user.email, url: urlOf(publicUrl, token), firstName: user.first_name });
        await recordActivity(db, {
          firmId: user.firm_id,
          userId: user.id,
          action: 'passwordReset.emailed',
          subject: user.id,
          clientAddress,
        });
      });
    },

    /**
     * POST /v1/users/{id}/password-reset: `target` passed the Edit Employee rules (an administrator
     * never an owner's) and is not the caller. The link points at PUBLIC_URL, or the origin the
     * caller used.
     */
    async makeLink(caller: SessionUser, target: UserRow, origin: string, clientAddress: string): Promise<PasswordResetLink> {
      const { token, hash } = newLinkToken();
      const expiresAt = await issue(target, caller.id, hash);
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'passwordReset.linkMade',
        subject: target.id,
        clientAddress,
      });
      return { url: urlOf(publicUrl ?? origin, token), expiresAt };
    },

    /**
     * POST /public/v1/password-reset/{token}: the link is taken (in one statement, so two tabs
     * cannot both use it), the password replaced, every session of the user ended, the lockout
     * lifted. Answers the device cookie for the browser that reset.
     */
    async reset(token: string, password: string, clientAddress: string): Promise<DeviceCookie> {
      const tokenHash = linkTokenHash(token);
      if (!tokenHash) throw linkNotFound();
      const at = now().toISOString();
      const taken = await db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning(['user_id'])
        .executeTakeFirst();
      if (!taken) throw linkNotFound();
      const user = await db
        .selectFrom('users')
        .select(['id', 'firm_id', 'status', 'email'])
        .where('id', '=', taken.user_id)
        .executeTakeFirst();
      if (!user || user.status !== 'Active') throw linkNotFound();
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), updated_at: at })
        .where('id', '=', user.id)
        .execute();
      await sessions.endAllOf(user.id, 'passwordChanged');
      await throttle.forgetAccount(user.email);
      await recordActivity(db, { firmId: user.firm_id, userId: user.id, action: 'password.reset', subject: user.id, clientAddress });
      return devices.issue(user.email, now());
    },

    /** Waits for the work started after answers (app close). */
    async settled(): Promise<void> {
      let last: Promise<void>;
      do {
        last = queue;
        await last;
      } while (last !== queue);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
