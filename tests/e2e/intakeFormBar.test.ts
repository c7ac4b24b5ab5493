// The intake form for people who work fast (docs/product/intake-form.md, Button bar; Buttons above
// the tabs; Incident description; Limits), in Chromium at a laptop's and a phone's size: the bar
// of Back, Next and the save buttons is in view at the bottom of a long tab without scrolling;
// Next puts focus on the new tab's first field; a refused save or submit puts it on the first
// field in error and the bar says how many need attention; each 'Reason' sits on its question's
// row; the buttons above the tabs share one row; a read-only intake shows no character counters.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiIntake } from '../../src/domain/intake';
import type { GeneralCaseInformation } from '../../src/domain/intake';
import { intakeTabs } from '../../src/domain/intake/tabs';
import { intakeTexts } from '../../src/domain/texts';
import { intakeFormPath } from '../../src/ui/app/paths';
import { bearer } from '../api/support/testServer';
import { fullValidIntake } from '../domain/intake/fixtures';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage } from './support/browser';

const laptop = { width: 1366, height: 800 };
const phone = { width: 375, height: 812 };

let app: E2eApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function storeIntake(intake: GeneralCaseInformation, status: 'draft' | 'final'): Promise<string> {
  const { data, error } = await app.server.api.POST('/v1/intake', {
    body: { userId: app.owner.id, generalCaseInformation: { ...toApiIntake({ ...intake, caseId: null }), status } },
    headers: bearer(await app.server.login(app.owner.email, app.owner.password)),
  });
  if (error || !data) throw new Error(`POST /v1/intake failed: ${JSON.stringify(error)}`);
  return data.data.caseId;
}

function inForm(address: string, work: (page: Page) => Promise<void>, viewport = laptop): Promise<void> {
  return withPage(
    browser,
    app.baseUrl,
    async (page) => {
      page.setDefaultTimeout(15_000);
      await signIn(page, app.owner);
      await page.goto(address);
      await page.getByRole('tabpanel').waitFor();
      await work(page);
    },
    viewport,
  );
}

const bar = (page: Page) => page.getByRole('group', { name: 'Intake actions' });

/** Whether the element is wholly inside the window as it is now. */
function inWindow(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

/** Whether the element has the focus. */
function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The panel's first control a person can type into or choose with. */
function firstControl(page: Page): Locator {
  return page
    .getByRole('tabpanel')
    .locator('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])')
    .first();
}

describe('the intake form button bar', () => {
  for (const viewport of [laptop, phone]) {
    it(`is in view at the bottom of a long tab without scrolling, at ${viewport.width} px`, async () => {
      const caseId = await storeIntake(fullValidIntake(), 'draft');
      await inForm(
        intakeFormPath('edit', caseId),
        async (page) => {
          // The tab is longer than the window, the page not scrolled: the bar is still on screen.
          expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          expect(await inWindow(bar(page))).toBe(true);
          const box = (await bar(page).boundingBox())!;
          expect(box.y + box.height).toBeGreaterThan(viewport.height - 8);
          for (const name of ['Back', 'Next', 'Save Changes']) expect(await inWindow(bar(page).getByRole('button', { name }))).toBe(true);
          // Scrolled to the middle of the tab, it is still there.
          await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2 }));
          expect(await inWindow(bar(page).getByRole('button', { name: 'Save Changes' }))).toBe(true);
        },
        viewport,
      );
    });
  }

  it("puts focus on the new tab's first field after Next and Back", async () => {
    const caseId = await storeIntake(fullValidIntake(), 'draft');
    await inForm(intakeFormPath('edit', caseId), async (page) => {
      await bar(page).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByRole('tab', { name: intakeTabs[1].name }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => focused(firstControl(page))).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);

      await bar(page).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByRole('tab', { name: intakeTabs[2].name }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => focused(firstControl(page))).toBe(true);

      await bar(page).getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => page.getByRole('tab', { name: intakeTabs[1].name }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => focused(firstControl(page))).toBe(true);
    });
  });

  it('after a refused Save As Draft puts focus on the first field in error and says how many need attention', async () => {
    await inForm('/new-intake', async (page) => {
      await bar(page).getByRole('button', { name: 'Next' }).click();
      await bar(page).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByRole('tab', { name: intakeTabs[2].name }).getAttribute('aria-selected')).toBe('true');
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
      await bar(page).getByRole('button', { name: 'Save As Draft' }).click();

      // Back on the first tab, on First Name, its message under it, the count in the bar.
      await expect.poll(() => page.getByRole('tab', { name: intakeTabs[0].name }).getAttribute('aria-selected')).toBe('true');
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      await expect.poll(() => focused(firstName)).toBe(true);
      expect(await inWindow(firstName)).toBe(true);
      expect(await page.getByText('Please enter your First Name').isVisible()).toBe(true);
      await expect.poll(() => bar(page).getByRole('status').textContent()).toBe(intakeTexts.fieldsNeedAttention(2));
      expect(new URL(page.url()).pathname).toBe('/new-intake');

      // Fixing one leaves one.
      await firstName.fill('Dana');
      await expect.poll(() => bar(page).getByRole('status').textContent()).toBe(intakeTexts.fieldsNeedAttention(1));
    });
  });

  it('after a refused Submit puts focus on the first field in error on the tab it moved to', async () => {
    const intake = fullValidIntake();
    const caseId = await storeIntake(
      { ...intake, vehicleInformation: { ...intake.vehicleInformation, vin: '', licensePlate: '' } },
      'draft',
    );
    await inForm(
      intakeFormPath('edit', caseId),
      async (page) => {
        // On a phone the tabs are a select.
        await page.getByRole('combobox', { name: 'Intake sections' }).selectOption({ label: intakeTabs[6].name });
        await bar(page).getByRole('button', { name: 'Submit' }).click();

        await page.getByText(`Please fill required fields in the "${intakeTabs[1].name}" tab.`).first().waitFor();
        await expect.poll(() => focused(page.getByRole('textbox', { name: 'VIN' }))).toBe(true);
        await expect.poll(() => bar(page).getByRole('status').textContent()).toBe(intakeTexts.fieldsNeedAttention(2));
        expect(await page.getByRole('combobox', { name: 'Intake sections' }).inputValue()).toBe(intakeTabs[1].id);
        expect(new URL(page.url()).pathname).toBe(intakeFormPath('edit', caseId));
      },
      phone,
    );
  });
});

describe('the intake form layout', () => {
  it("sits each 'Reason' on its question's row, and the buttons above the tabs on one row", async () => {
    const caseId = await storeIntake(fullValidIntake(), 'draft');
    await inForm(intakeFormPath('edit', caseId), async (page) => {
      // The engagement's part of the row comes with its state; the reason its button is refused
      // (a draft has no conflict check yet) sits on a line of its own below the row.
      await page.getByRole('group', { name: 'Engagement' }).waitFor();
      const sendForSignature = page.getByRole('button', { name: 'Send for signature' });
      expect(await sendForSignature.isDisabled()).toBe(true);
      const tops = await Promise.all(
        [sendForSignature, ...['History', 'Send to client', 'Preview PDF'].map((name) => page.getByRole('button', { name }))].map(
          async (button) => (await button.boundingBox())!.y,
        ),
      );
      expect(new Set(tops).size).toBe(1);

      await page.getByRole('tab', { name: 'Incident Description' }).click();
      const rowOf = async (locator: Locator) => (await locator.boundingBox())!.y;
      const panel = page.getByRole('tabpanel');
      const pairs: [string, string][] = [
        ['Client cited?', 'Client cited reason'],
        ['Defendant?', 'Defendant reason'],
      ];
      for (const [question, reason] of pairs) {
        const questionTop = await rowOf(panel.getByRole('radiogroup', { name: question }));
        const reasonTop = await rowOf(panel.getByRole('textbox', { name: reason, exact: true }).locator('xpath=..'));
        expect(Math.abs(questionTop - reasonTop), `${reason} beside ${question}`).toBeLessThan(8);
      }
    });
  });

  it('shows no character counters on a read-only intake', async () => {
    const caseId = await storeIntake(fullValidIntake(), 'final');
    await inForm(intakeFormPath('view', caseId), async (page) => {
      for (const tab of intakeTabs) {
        await page.getByRole('tab', { name: tab.name }).click();
        await expect.poll(() => page.getByRole('tab', { name: tab.name }).getAttribute('aria-selected')).toBe('true');
        expect(await page.getByText(/characters remaining/).count(), tab.name).toBe(0);
      }
    });
  });
});
