// The dashboard in Chromium against the real server, filled with the demo's sample data
// (docs/product/dashboard.md): both charts draw, screen readers get the same numbers in tables, the
// lists match the API, a near deadline is red and says its days, a row opens its intake, and axe
// finds nothing serious. With DOCS_PICTURES=1 it also takes the picture in docs/dashboard.png (its
// dates change every day, so an ordinary run leaves the file alone).
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/api/dashboard';
import { intakePath } from '../../src/ui/app/paths';
import { addDemoData } from '../../server/db/demoData';
import { bearer } from '../api/support/testServer';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage as withPageIn } from './support/browser';

let app: E2eApp;
let browser: Browser;
let dashboard: Dashboard;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  await addDemoData(app.server.db, { firmId: app.firm.id, pii: app.server.pii });
  const token = await app.server.login(app.owner.email, app.owner.password);
  const { data } = await app.server.api.GET('/v1/dashboard', { headers: bearer(token) });
  dashboard = data!.data;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function withPage(work: (page: Page) => Promise<void>) {
  return withPageIn(browser, app.baseUrl, work);
}

async function openDashboard(page: Page) {
  await signIn(page, app.owner);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('heading', { name: 'Lead funnel, last 90 days' }).waitFor();
}

describe('dashboard', () => {
  it("fetches the charts' code only once the page's numbers are on the screen (docs/product/app-shell.md, Direct links)", async () => {
    await withPage(async (page) => {
      await signIn(page, app.owner);
      // When the page's counts first appear, on the clock resource timings use.
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.getElementById('dashboard-counts')) return;
          (window as unknown as { countsShownAt: number }).countsShownAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/dashboard');
      await page.locator('[data-chart="funnel"] .recharts-bar-rectangle').first().waitFor();
      const { countsShownAt, chartsRequestedAt } = await page.evaluate(() => ({
        countsShownAt: (window as unknown as { countsShownAt?: number }).countsShownAt,
        chartsRequestedAt: performance.getEntriesByType('resource').find((entry) => /\/DashboardCharts-[\w-]+\.js$/.test(entry.name))
          ?.startTime,
      }));
      expect(countsShownAt).toBeGreaterThan(0);
      expect(chartsRequestedAt).toBeGreaterThan(countsShownAt ?? Number.POSITIVE_INFINITY);
    });
  });

  it('draws both charts from the sample data, with the numbers in tables for screen readers', async () => {
    await withPage(async (page) => {
      await openDashboard(page);
      // A bar for each stage with a count (the sample data has no signed engagement: that bar has no height).
      const stageCounts = [
        dashboard.funnel.leads,
        dashboard.funnel.leadsWithIntake,
        dashboard.funnel.finalIntakes,
        dashboard.funnel.signedEngagements,
      ];
      await expect
        .poll(() => page.locator('[data-chart="funnel"] .recharts-bar-rectangle').count())
        .toBe(stageCounts.filter((count) => count > 0).length);
      await expect
        .poll(() => page.locator('[data-chart="representatives"] .recharts-bar-rectangle').count())
        .toBeGreaterThanOrEqual(dashboard.representatives.length);
      const { funnel } = dashboard;
      await expect
        .poll(() => page.locator('[data-chart="funnel"]').textContent())
        .toContain(`${funnel.leadsWithIntake} (${funnel.intakeRate}%)`);

      const funnelTable = page.getByRole('table', { name: 'Lead funnel, last 90 days' });
      expect(
        await funnelTable
          .getByRole('row', { name: /Leads registered/ })
          .getByRole('cell')
          .first()
          .textContent(),
      ).toBe(String(funnel.leads));
      // 'Signed' after 'Submitted final' (docs/product/engagement.md#screens).
      const stages = await funnelTable.getByRole('row').allTextContents();
      expect(stages.findIndex((row) => row.startsWith('Signed'))).toBe(
        stages.findIndex((row) => row.startsWith('Intakes submitted final')) + 1,
      );
      expect(
        await funnelTable
          .getByRole('row', { name: /^Signed/ })
          .getByRole('cell')
          .first()
          .textContent(),
      ).toBe(String(funnel.signedEngagements));
      const first = dashboard.representatives[0]!;
      const row = page.getByRole('table', { name: 'Intakes per representative' }).getByRole('row', { name: new RegExp(first.name) });
      expect(await row.getByRole('cell').allTextContents()).toEqual([String(first.draft), String(first.final)]);

      const tile = page.getByText('Draft intakes', { exact: true }).locator('xpath=following-sibling::dd');
      expect(await tile.textContent()).toBe(String(dashboard.counts.draftIntakes));
      expect(await seriousViolations(page)).toEqual([]);
      if (process.env.DOCS_PICTURES === '1') await page.screenshot({ path: path.resolve('docs/dashboard.png'), fullPage: true });
    });
  });

  it('lists the near deadlines in red and amber with their days, and a row opens its intake', async () => {
    await withPage(async (page) => {
      await openDashboard(page);
      const deadlines = page.getByRole('region', { name: 'Limitation deadlines in the next 90 days' });
      const rows = deadlines.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect.poll(() => rows.count()).toBe(dashboard.deadlines.length);
      const nearest = dashboard.deadlines[0]!;
      expect(nearest.daysLeft).toBeLessThanOrEqual(30);
      const days = rows.first().locator('[data-urgency]');
      expect(await days.textContent()).toBe(`${nearest.daysLeft} days left`);
      expect(await days.getAttribute('data-urgency')).toBe('urgent');
      expect(await days.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
      const amber = dashboard.deadlines.findIndex((row) => row.daysLeft > 30);
      expect(
        await rows
          .nth(amber)
          .locator('[data-urgency]')
          .evaluate((element) => getComputedStyle(element).color),
      ).toBe('rgb(146, 64, 14)');

      await rows.first().click();
      await page.waitForURL(`**${intakePath(nearest)}`);
      await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe(nearest.clientName.split(' ')[0]);

      // The form shows the same deadline under the incident date, red (docs/product/intake-form.md#limitation-deadline).
      await page.getByRole('tab', { name: 'Incident Description' }).click();
      const note = page.getByTestId('limitation-deadline');
      await expect.poll(() => note.textContent()).toMatch(new RegExp(`^Limitation deadline: .+ \\(${nearest.daysLeft} days left\\)$`));
      expect(await note.locator('[data-urgency]').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
    });
  });

  it('opens a stale draft from its list for editing', async () => {
    await withPage(async (page) => {
      await openDashboard(page);
      const stale = dashboard.staleDrafts[0]!;
      const list = page.getByRole('region', { name: 'Drafts untouched for 7 days or more' });
      await list.getByRole('button', { name: 'Edit' }).first().click();
      await page.waitForURL(`**${intakePath(stale)}`);
    });
  });

  it('opens a final intake without an incident date read-only from its client name in the list', async () => {
    const final = dashboard.missingIncidentDate.find((row) => row.status === 'final');
    if (!final) throw new Error('the sample data has no final intake without an incident date');
    await withPage(async (page) => {
      await openDashboard(page);
      const list = page.getByRole('region', { name: 'Intakes without an incident date' });
      // The row names the client, linking to the intake, instead of the case UUID.
      expect(await list.getByText(final.caseId).count()).toBe(0);
      const link = list.locator(`a[href="${intakePath(final)}"]`);
      expect(await link.textContent()).toBe(final.clientName);
      await link.click();
      await page.waitForURL(`**${intakePath(final)}`);
      const firstName = page.getByLabel('First Name');
      await expect.poll(() => firstName.inputValue()).toBe(final.clientName.split(' ')[0]);
      expect(await firstName.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    });
  });
});
