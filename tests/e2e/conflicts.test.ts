// The conflict check on the intake form, in Chromium against the real server
// (docs/product/conflicts.md#on-the-intake-form): staff open a draft whose defendant driver is a
// former client of the firm from the intake list, see '1 potential conflict', open the former
// client's intake through its link and come back, and the owner records 'waived' with a note. The
// decision is on screen and stored; at 375 px the panel fits without a sideways scroll.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdIntake, draftIntake } from '../api/support/intakes';
import { fullValidIntake, withFields } from '../domain/intake/fixtures';
import { seriousViolations } from './support/a11y';
import { signIn, startE2eApp, type E2eApp } from './support/app';
import { launchChromium, withPage } from './support/browser';

let app: E2eApp;
let browser: Browser;
let formerCaseId = '';
let caseId = '';
const NOTE = 'Both clients gave informed consent in writing.';

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  const caller = { user: app.owner, token: await app.server.login(app.owner.email, app.owner.password) };
  const former = await createdIntake(app.server, caller, {
    ...withFields(fullValidIntake(), {
      'personalInformation.firstName': 'Marisol',
      'personalInformation.middleName': '',
      'personalInformation.lastName': 'Quintanilla-Ortiz',
      'vehicleInformation.owner': 'Marisol Quintanilla-Ortiz',
    }),
    status: 'final',
  });
  formerCaseId = former.caseId!;
  const now = await createdIntake(
    app.server,
    caller,
    withFields(draftIntake({ firstName: 'Bastien', lastName: 'Okonkwo-Reyes' }), {
      'defendantInformation.driversName': 'Marisol Quintanilla Ortiz',
    }),
  );
  caseId = now.caseId!;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

function conflictPanel(page: Page) {
  return page.getByRole('region', { name: 'Conflict check' });
}

async function openFromList(page: Page): Promise<void> {
  await page.getByRole('row').filter({ hasText: 'Bastien Okonkwo-Reyes' }).click();
  await page.waitForURL(`**/intake-details/edit/${caseId}`);
  await page.getByRole('heading', { name: 'Edit Intake' }).waitFor();
}

describe('the conflict check on the intake form', () => {
  it('shows the former client as a potential conflict, links to their intake, and records a waiver with its note', async () => {
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await signIn(page, app.owner);
        await openFromList(page);
        const panel = conflictPanel(page);
        await expect.poll(() => panel.getByRole('status').textContent()).toBe('1 potential conflict');
        expect(await panel.getByText('Decision needed').count()).toBe(1);
        const item = panel.getByRole('list', { name: 'Potential conflicts' }).getByRole('listitem');
        expect(await item.count()).toBe(1);
        expect(await item.textContent()).toContain(
          'Marisol Quintanilla Ortiz (defendant driver here) is the client on the intake of Marisol Quintanilla-Ortiz',
        );
        expect(await item.textContent()).toContain("Same name: this intake's defendant driver is the client of another intake.");

        // The link opens the former client's intake (final: read-only), and Back returns.
        await item.getByRole('link', { name: 'the intake of Marisol Quintanilla-Ortiz' }).click();
        await page.waitForURL(`**/intake-details/view/${formerCaseId}`);
        await page.getByRole('heading', { name: 'View Intake' }).waitFor();
        await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Marisol');
        await page.goBack();
        await page.getByRole('heading', { name: 'Edit Intake' }).waitFor();
        expect(page.url()).toContain(`/intake-details/edit/${caseId}`);
        await expect.poll(() => conflictPanel(page).getByRole('status').textContent()).toBe('1 potential conflict');

        await conflictPanel(page).getByRole('button', { name: 'Record decision' }).click();
        const form = conflictPanel(page).getByRole('form', { name: 'Record decision' });
        await form.getByRole('radio', { name: "Waived (with the clients' informed consent)" }).check();
        await form.getByRole('textbox', { name: 'Note' }).fill(NOTE);
        await form.getByRole('button', { name: 'Save decision' }).click();
        await form.waitFor({ state: 'detached' });
        await expect
          .poll(() => conflictPanel(page).getByTestId('conflict-decision').textContent())
          .toMatch(new RegExp(`^Waived by Olivia Owner on .+: ${NOTE}$`));
        expect(await conflictPanel(page).getByText('Decision needed').count()).toBe(0);

        const stored = await app.server.db.selectFrom('conflict_decisions').selectAll().where('case_id', '=', caseId).execute();
        expect(stored).toEqual([
          expect.objectContaining({ decision: 'waived', note: NOTE, decided_by: app.owner.id, firm_id: app.firm.id }),
        ]);
        const trail = await app.server.db.selectFrom('activity').select('action').where('subject', '=', caseId).execute();
        expect(trail.map((row) => row.action)).toContain('conflicts.waived');
      },
      { width: 1366, height: 800 },
    );
  });

  it('fits a 375 px phone: the check and its decision without a sideways scroll, nothing serious for axe', async () => {
    await withPage(
      browser,
      app.baseUrl,
      async (page) => {
        await signIn(page, app.owner);
        await openFromList(page);
        const panel = conflictPanel(page);
        await expect.poll(() => panel.getByRole('status').textContent()).toBe('1 potential conflict');
        await expect.poll(() => panel.getByTestId('conflict-decision').textContent()).toContain(NOTE);
        await panel.getByRole('button', { name: 'Record decision' }).click();
        await panel.getByRole('form', { name: 'Record decision' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(await seriousViolations(page)).toEqual([]);
      },
      { width: 375, height: 800 },
    );
  });
});
