// What the browser model suites of a draft intake's panels and dialogs share (the conflict panel,
// the engagement dialog, the client link dialog): one server, firm and Chromium for the file, the
// owner signed in once through the login form, and each path on a draft of its own in a fresh
// context (its own storage and held calls) opened straight at the draft's edit page. Also the
// answers a held call gets for a step's sample.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { toApiIntake } from '../../../../src/domain/intake';
import { draftIntake } from '../../../api/support/intakes';
import { bearer } from '../../../api/support/testServer';
import type { ModelPath } from '../../../machines/modelCoverage';
import { signedInStorage, startE2eApp, type E2eApp } from '../../support/app';
import { launchChromium, newPage, type StorageState } from '../../support/browser';
import { drivePath, type Drive } from './modelDrive';

export interface DraftSuite {
  /** The file's app, once `beforeAll` has started it. */
  readonly app: E2eApp;
  /** Drives `path` on a new draft: `prepare` holds the page's calls and returns the drive. */
  drive(path: ModelPath, prepare: (page: Page, caseId: string) => Promise<Drive>): Promise<void>;
}

export interface DraftSuiteOptions {
  /** The client of every draft. */
  client: { firstName: string; lastName: string };
  /** The page's clipboard as a browser gives it (`withClipboard`). */
  clipboard?: boolean;
}

/** Starts the file's app and browser (in `beforeAll`) and closes them (in `afterAll`). */
export function draftSuite({ client, clipboard = false }: DraftSuiteOptions): DraftSuite {
  let app: E2eApp | undefined;
  let browser: Browser;
  let staffToken = '';
  let signedIn: StorageState;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
    [staffToken, signedIn] = await Promise.all([
      app.server.login(app.owner.email, app.owner.password),
      signedInStorage(browser, app.baseUrl, app.owner),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const started = () => {
    if (!app) throw new Error('The suite has not started: drive its paths in tests');
    return app;
  };

  async function newDraft(): Promise<string> {
    const { data } = await started().server.api.POST('/v1/intake', {
      body: { userId: started().owner.id, generalCaseInformation: toApiIntake(draftIntake(client)) },
      headers: bearer(staffToken),
    });
    if (!data) throw new Error('The draft could not be made for the test');
    return data.data.caseId!;
  }

  return {
    get app() {
      return started();
    },
    async drive(path, prepare) {
      const caseId = await newDraft();
      const { context, page, pageErrors } = await newPage(browser, started().baseUrl, undefined, signedIn);
      // A missing element fails the step instead of waiting for the test's own timeout.
      page.setDefaultTimeout(10_000);
      try {
        if (clipboard) await withClipboard(page);
        const drive = await prepare(page, caseId);
        // The first load of the app in a fresh context is the heaviest step on a busy machine.
        await page.goto(`/intake-details/edit/${caseId}`, { timeout: 60_000 });
        await page.getByRole('heading', { name: 'Edit Intake' }).waitFor({ timeout: 60_000 });
        await drivePath(path, drive);
        expect(await page.evaluate(() => window.location.pathname)).toBe(`/intake-details/edit/${caseId}`);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  };
}

/**
 * The clipboard as a browser gives it: it takes the text (kept in `window.copiedText`), or refuses
 * as a browser without the permission does once `window.refuseCopy` is set (`refuseNextCopy`).
 */
async function withClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { refuseCopy?: boolean; copiedText?: string };
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) => {
          if (state.refuseCopy) return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
          state.copiedText = text;
          return Promise.resolve();
        },
      },
    });
  });
}

/** Sets whether the page's next copies are refused (`withClipboard`). */
export function refuseCopies(page: Page, refuse: boolean): Promise<void> {
  return page.evaluate((value) => {
    (window as unknown as { refuseCopy: boolean }).refuseCopy = value;
  }, refuse);
}

/** The text the page's clipboard took last (`withClipboard`). */
export function copiedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { copiedText?: string }).copiedText);
}

export function fulfilJson(route: Route, status: number, body: unknown): Promise<void> {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** An error sample as the server or the network gives it: its status and body, nothing for status 0, an empty 500 for `{}`. */
export function answerError(route: Route, error: { status?: number; code?: string; message?: string }): Promise<void> {
  if (error.status === 0) return route.abort('connectionrefused');
  if (error.status === undefined) return route.fulfill({ status: 500, body: '' });
  return fulfilJson(route, error.status, { code: error.code, message: error.message });
}
