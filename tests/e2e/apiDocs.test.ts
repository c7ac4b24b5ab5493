// /api/docs in a real browser: Swagger UI renders the contract under the server's own
// Content-Security-Policy, offline, asking nothing of any other host.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/support/testServer';
import { launchChromium, newPage } from './support/browser';

describe('the API reference page', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists every operation of openapi.yaml, loading only from this server, with no policy violation', async () => {
    const { context, page, pageErrors } = await newPage(browser, server.baseUrl);
    const foreign: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    // A Content-Security-Policy violation is reported on the console as an error.
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await page.goto('/api/docs');
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBeGreaterThan(0);

      await expect
        .poll(() => page.locator('.opblock-summary-path').allInnerTexts())
        .toEqual(expect.arrayContaining(['/v1/users/login', '/v1/intake/{caseId}', '/cases/v2/FromLead', '/intake-template.pdf']));
      expect(await page.locator('.info .title').innerText()).toContain('Intake staff application API');

      // Opening an operation shows its request body schema.
      await page.locator('.opblock-summary-path[data-path="/v1/users/login"]').click();
      await expect.poll(() => page.locator('.opblock.is-open .opblock-section-request-body').count()).toBe(1);

      expect(foreign).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
