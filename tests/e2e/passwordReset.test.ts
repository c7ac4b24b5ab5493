// Password reset in Chromium at phone width (docs/product/sign-in-and-session.md, Password reset).
// With email: from /login, 'Forgot password?', the email typed, the link read from a real SMTP
// server on loopback, opened, a new password set twice, then signing in with it while the old one
// is refused; the stored link is spent and holds only the token's hash. Without email: the page
// says whom to ask, and the owner makes the link on Edit Employee and copies it for the employee.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/clientIntake/mailer';
import { userMessages } from '../../src/domain/schemas/user';
import { passwordResetTexts, sessionTexts } from '../../src/domain/texts';
import { editEmployeePath } from '../../src/ui/app/paths';
import type { TestUser } from '../api/support/testServer';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage } from './support/browser';

const phone = { width: 375, height: 800 };
const newPassword = 'Fresh#Start9';
const linkPattern = /https:\/\/staff\.firm\.example\.test(\/reset-password\/([A-Za-z0-9_-]{43}))/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The text of a message as sent (quoted-printable soft breaks and escapes undone). */
function bodyText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

/** On the reset page: the new password twice, after a mismatch the form names. */
async function setNewPassword(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: passwordResetTexts.resetTitle }).waitFor();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel(new RegExp(`^${passwordResetTexts.newPassword}`)).fill(newPassword);
  await page.getByLabel(passwordResetTexts.confirmPassword).fill('Fresh#Start8');
  await page.getByRole('button', { name: passwordResetTexts.save }).click();
  await page.getByText(userMessages.passwordsDiffer).waitFor();
  await page.getByLabel(passwordResetTexts.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: passwordResetTexts.save }).click();
  await page.getByRole('status').filter({ hasText: passwordResetTexts.done }).waitFor();
}

/** The old password is refused on the login screen, the new one signs in. */
async function signInWithNewPassword(page: Page, user: TestUser) {
  await page.getByRole('link', { name: passwordResetTexts.backToLogin }).click();
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await page.getByPlaceholder('Email Address').fill(user.email);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').filter({ hasText: sessionTexts.loginFailed }).waitFor();
  await page.getByPlaceholder('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/intake-list');
  await page.getByText(sessionTexts.welcome(user.firstName)).waitFor();
}

async function expectSpent(app: E2eApp, userId: string, token: string) {
  const rows = await app.server.db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  expect(rows[0]!.used_at).not.toBeNull();
}

describe('password reset by email', () => {
  let app: E2eApp;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('latin1') });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'staff@firm.example.test' });
    app = await startE2eApp({ mailer, publicUrl: 'https://staff.firm.example.test' });
  });

  afterAll(async () => {
    await app?.close();
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends a link from Forgot password?, which sets a new password that signs in', async () => {
    const user = await app.server.createUser({
      firmId: app.firm.id,
      firstName: 'Marisol',
      lastName: 'Quintanilla-Ortiz',
      email: 'marisol.quintanilla-ortiz@example.test',
    });
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await page.waitForURL('**/forgot-password');
        await page.getByRole('heading', { level: 1, name: passwordResetTexts.forgotTitle }).waitFor();
        await page.getByRole('button', { name: passwordResetTexts.send }).waitFor();
        await expectNoSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByLabel('Email').fill(user.email);
        await page.getByRole('button', { name: passwordResetTexts.send }).click();
        await page.getByRole('status').filter({ hasText: passwordResetTexts.sent }).waitFor();

        await expect.poll(() => received.filter((mail) => mail.to.includes(user.email)).length).toBe(1);
        const match = linkPattern.exec(bodyText(received.find((mail) => mail.to.includes(user.email))!.raw));
        expect(match).not.toBeNull();
        // The link points at PUBLIC_URL; this test's server answers at its own address, on the same path.
        const [, path, token] = match!;
        await setNewPassword(page, path!);
        await expectSpent(app, user.id, token!);
        await signInWithNewPassword(page, user);
      },
      phone,
    );
  });
});

describe('password reset without email', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('says whom to ask; the owner makes the link on Edit Employee and hands it over', async () => {
    const user = await app.server.createUser({
      firmId: app.firm.id,
      firstName: 'Tomasz',
      lastName: 'Wierzbicki-Ebrahimi',
      email: 'tomasz.wierzbicki@example.test',
    });
    let path = '';
    let token = '';
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { level: 1, name: passwordResetTexts.forgotTitle }).waitFor();
        await page.getByText(passwordResetTexts.askStaff).waitFor();
        expect(await page.getByLabel('Email').count()).toBe(0);
        await expectNoSidewaysScroll(page);
      },
      phone,
    );
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
        await signIn(page, app.owner);
        await page.goto(editEmployeePath(user.id));
        const section = page.getByRole('region', { name: passwordResetTexts.sectionTitle });
        await section.getByRole('button', { name: passwordResetTexts.makeLink }).click();
        const field = section.getByLabel(passwordResetTexts.linkLabel);
        await field.waitFor();
        const url = await field.inputValue();
        const match = /^http:\/\/127\.0\.0\.1:\d+(\/reset-password\/([A-Za-z0-9_-]{43}))$/.exec(url);
        expect(match).not.toBeNull();
        [, path, token] = match as unknown as [string, string, string];
        await section.getByRole('button', { name: passwordResetTexts.copy }).click();
        await section.getByRole('status').filter({ hasText: passwordResetTexts.copied }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
        await expectNoSidewaysScroll(page);
      },
      phone,
    );
    // The employee, in a browser of their own.
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await setNewPassword(page, path);
        await expectSpent(app, user.id, token);
        await signInWithNewPassword(page, user);
      },
      phone,
    );
    const made = await app.server.db
      .selectFrom('activity')
      .select(['action', 'user_id'])
      .where('subject', '=', user.id)
      .orderBy('id')
      .execute();
    expect(made).toEqual([
      { action: 'passwordReset.linkMade', user_id: app.owner.id },
      { action: 'password.reset', user_id: user.id },
    ]);
  });
});
