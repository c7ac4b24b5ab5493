// The test run's own limits (vite.config.ts) and the browser's context (tests/e2e/support/browser.ts):
// every project has timeouts fit for two shared cores, since Vitest's 5 s / 10 s defaults failed
// there, and browser pages run with reduced motion, so that no check reads a page in motion.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config';
import { newPage } from '../e2e/support/browser';

interface ProjectTest {
  name: string;
  testTimeout?: number;
  hookTimeout?: number;
}

describe('the test setup', () => {
  it('gives every project timeouts of its own, well above Vitest defaults', () => {
    const projects = (config.test?.projects ?? []) as { test: ProjectTest }[];
    expect(projects.map((project) => project.test.name).sort()).toEqual(['api', 'e2e', 'ui', 'unit']);
    for (const { test } of projects) {
      expect(test.testTimeout, test.name).toBeGreaterThanOrEqual(20_000);
      expect(test.hookTimeout, test.name).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('opens browser pages with reduced motion', async () => {
    let options: Record<string, unknown> = {};
    const browser = {
      newContext: async (given: Record<string, unknown>) => {
        options = given;
        return { newPage: async () => ({ on: () => undefined }) };
      },
    } as unknown as Browser;
    await newPage(browser, 'http://127.0.0.1:9');
    expect(options.reducedMotion).toBe('reduce');
  });
});
