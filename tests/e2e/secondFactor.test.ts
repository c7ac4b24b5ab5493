// Two-factor sign-in in Chromium (docs/product/sign-in-and-session.md, Second factor): a person sets
// up an authenticator on /profile reading the secret from the page, as they would type it into
// their app; signs out; signs in with the password and then a code the test computes as the app
// would; lands where sign-in lands; and the stored rows hold the secret sealed and ten hashed
// recovery codes. A phone-sized screen and a desktop one.
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFactorTexts, sessionTexts } from '../../src/domain/texts';
import type { TestUser } from '../api/support/testServer';
import { openAccount, signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const STEP_SECONDS = 30;

/** The code an authenticator app shows `stepsAhead` steps from now (the server takes one step of drift). */
function codeFor(secret: string, stepsAhead = 0): string {
  const step = Math.floor(Date.now() / 1000 / STEP_SECONDS) + stepsAhead;
  return generateSync({ secret, epoch: step * STEP_SECONDS });
}

/**
 * On a phone the sidebar is a drawer opened from 'Menu' (docs/product/app-shell.md; below 768 px,
 * src/ui/theme/vars.css.ts). Decided by the width, not by whether the button shows yet: a page still
 * drawing its shell would otherwise be read as a wide one.
 */
async function openSidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
}

async function goToProfile(page: Page) {
  await openSidebar(page);
  await openAccount(page);
}

async function signOut(page: Page) {
  await openSidebar(page);
  await page.getByRole('button', { name: sessionTexts.signOut }).click();
  await page.waitForURL('**/login');
}

async function sectionOf(page: Page) {
  const section = page.getByRole('region', { name: secondFactorTexts.sectionTitle });
  await section.waitFor();
  return section;
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
])('two-factor sign-in in Chromium (%s)', (_size, viewport) => {
  let person: TestUser;

  beforeAll(async () => {
    person = await app.server.createUser({ firmId: app.firm.id, firstName: 'Tove', lastName: 'Twofactor' });
  });

  function withPage(work: (page: Page) => Promise<void>) {
    return withPageIn(browser, app.baseUrl, async (page) => {
      await page.setViewportSize(viewport);
      await work(page);
    });
  }

  it('sets up an authenticator on /profile, then signs in with the password and a code', async () => {
    await withPage(async (page) => {
      await signIn(page, person);
      await goToProfile(page);
      const section = await sectionOf(page);
      await section.getByText(secondFactorTexts.off).waitFor();
      await section.getByRole('button', { name: secondFactorTexts.setUp }).click();

      // The QR code and the secret in text, which the person types into their app.
      await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = await section.getByTestId('totp-secret').innerText();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

      // A wrong first code is refused on the spot.
      await section.getByRole('textbox', { name: secondFactorTexts.codeLabel }).fill('000000');
      await section.getByRole('button', { name: secondFactorTexts.confirm }).click();
      await section.getByText(secondFactorTexts.invalidCode).waitFor();

      await section.getByRole('textbox', { name: secondFactorTexts.codeLabel }).fill(codeFor(secret));
      await section.getByRole('button', { name: secondFactorTexts.confirm }).click();
      const codes = section.getByRole('region', { name: secondFactorTexts.recoveryTitle }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      const shownCodes = await codes.allInnerTexts();
      await section.getByRole('button', { name: secondFactorTexts.recoveryDone }).click();
      await section.getByText(secondFactorTexts.on).waitFor();
      // Shown once: gone from the page.
      expect(await page.getByText(shownCodes[0]!).count()).toBe(0);

      // The stored rows: the secret sealed, the recovery codes hashed, the enrolment recorded.
      const stored = await app.server.db
        .selectFrom('user_second_factors')
        .selectAll()
        .where('user_id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).not.toContain(secret);
      expect(app.server.pii.open(stored.secret_sealed, 'users.totpSecret')).toBe(secret);
      expect(stored.confirmed_at).not.toBeNull();
      const hashes = await app.server.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', person.id).execute();
      expect(hashes).toHaveLength(10);
      for (const { code_hash: hash } of hashes) {
        expect(hash).toMatch(/^\$argon2id\$/);
        expect(shownCodes.some((code) => hash.includes(code))).toBe(false);
      }
      const enrolled = await app.server.db
        .selectFrom('activity')
        .select('action')
        .where('user_id', '=', person.id)
        .where('action', '=', 'secondFactor.enrolled')
        .execute();
      expect(enrolled).toHaveLength(1);

      // Sign out, and sign in again: the password, then the code on the same screen.
      await signOut(page);
      await page.getByPlaceholder('Email Address').fill(person.email);
      await page.getByPlaceholder('Password').fill(person.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(secondFactorTexts.codePrompt).waitFor();
      // Still the login screen with the spec's texts, and not signed in.
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: sessionTexts.signOut }).count()).toBe(0);

      // The next step's code: this step's was taken by the set-up, and each code signs in once.
      await page.getByRole('textbox', { name: secondFactorTexts.codeLabel }).fill(codeFor(secret, 1));
      await page.getByRole('button', { name: secondFactorTexts.verify }).click();
      await page.waitForURL('**/intake-list');
      await page.getByText(sessionTexts.welcome(person.firstName), { exact: true }).first().waitFor();
      // Where sign-in lands, and stays.
      await page.getByRole('searchbox', { name: 'Search intakes' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/intake-list');

      // The profile says it is on. (Turning it off takes a later step's code: tests/api/secondFactor.test.ts.)
      await goToProfile(page);
      const again = await sectionOf(page);
      await again.getByText(secondFactorTexts.on).waitFor();
      await again.getByRole('button', { name: secondFactorTexts.remove }).waitFor();
    });
  });

  it("the owner resets the person's second factor on Edit Employee; recorded", async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      await page.goto(`/edit-employee/${person.id}`);
      const section = page.getByRole('region', { name: secondFactorTexts.sectionTitle });
      await section.getByRole('button', { name: secondFactorTexts.reset }).click();
      // Asked once more before anything is sent.
      expect(
        await app.server.db.selectFrom('user_second_factors').select('user_id').where('user_id', '=', person.id).execute(),
      ).toHaveLength(1);
      await section.getByRole('button', { name: secondFactorTexts.reset }).click();
      await section.getByText(secondFactorTexts.resetDone).waitFor();
      expect(await app.server.db.selectFrom('user_second_factors').select('user_id').where('user_id', '=', person.id).execute()).toEqual(
        [],
      );
      const recorded = await app.server.db
        .selectFrom('activity')
        .select(['user_id', 'subject'])
        .where('action', '=', 'secondFactor.reset')
        .where('subject', '=', person.id)
        .execute();
      expect(recorded).toEqual([{ user_id: app.owner.id, subject: person.id }]);
    });
  });

  it('a person of a firm that requires it sets one up at sign-in before anything else', async () => {
    const firm = await app.server.createFirm();
    await app.server.db.updateTable('firms').set({ require_second_factor: true }).where('id', '=', firm.id).execute();
    const required = await app.server.createUser({ firmId: firm.id, firstName: 'Rhea', lastName: 'Required' });
    await withPage(async (page) => {
      await page.goto('/login');
      await page.getByPlaceholder('Email Address').fill(required.email);
      await page.getByPlaceholder('Password').fill(required.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(secondFactorTexts.requiredByFirm).waitFor();
      const secret = await page.getByTestId('totp-secret').innerText();
      await page.getByRole('textbox', { name: secondFactorTexts.codeLabel }).fill(codeFor(secret));
      await page.getByRole('button', { name: secondFactorTexts.confirm }).click();
      const codes = page.getByRole('region', { name: secondFactorTexts.recoveryTitle }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      // Not signed in before the codes are put away.
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.getByRole('button', { name: secondFactorTexts.recoveryDone }).click();
      await page.waitForURL('**/intake-list');
      await page.getByRole('searchbox', { name: 'Search intakes' }).waitFor();
      const stored = await app.server.db
        .selectFrom('user_second_factors')
        .select('confirmed_at')
        .where('user_id', '=', required.id)
        .executeTakeFirstOrThrow();
      expect(stored.confirmed_at).not.toBeNull();
    });
  });
});
