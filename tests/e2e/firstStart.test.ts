// A newcomer's first start (README, Quick start): the server started on an empty DATA_DIR, in
// process, prints the owner account as plain lines after the line that says where it listens; the
// printed email and password sign in, and the printed advice (change the password on the profile
// page) works as written, because the owner it creates has a complete profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Booted } from '../../server/boot';
import { loadConfig } from '../../server/config';
import { verifyPassword } from '../../server/auth/password';
import { openDatabase } from '../../server/db/database';
import { openAccount, signIn } from './support/app';
import { launchChromium, withPage } from './support/browser';

let dataDir: string;
let booted: Booted;
let browser: Browser;
const printed: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'intake-first-start-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', STATIC_DIR: path.resolve('dist'), LOG_LEVEL: 'warn' }),
    port: 0,
  };
  const out = { log: (line: string) => printed.push(line), warn: (line: string) => printed.push(line) };
  [booted, browser] = await Promise.all([boot(config, out, () => false), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await booted?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The value printed after `label` in the first-start block. */
function printedValue(label: string): string {
  const line = printed.find((text) => text.trimStart().startsWith(label));
  if (!line) throw new Error(`Nothing printed for ${label}:\n${printed.join('\n')}`);
  return line.slice(line.indexOf(label) + label.length).trim();
}

describe('first start in Chromium', () => {
  it('prints the owner account after the listening line, and its advice to change the password works', async () => {
    const listening = printed.findIndex((line) => line.startsWith('Intake app listening on http://localhost:'));
    const block = printed.findIndex((line) => line.startsWith('First start:'));
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(block).toBeGreaterThan(listening);
    // Plain lines, not JSON log lines.
    for (const line of printed.slice(block)) expect(line.startsWith('{')).toBe(false);
    const email = printedValue('Email:');
    const password = printedValue('Password:');
    expect(email).toBe('owner@demo.test');
    expect(printed.some((line) => line.includes('open Account, press Edit'))).toBe(true);

    const baseUrl = `http://127.0.0.1:${booted.port}`;
    const newPassword = 'Fresh#Start42';
    await withPage(browser, baseUrl, async (page) => {
      await signIn(page, { email, password });
      await openAccount(page);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.waitForURL('**/edit-profile');
      await expect.poll(() => page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Demo');
      await page.getByLabel(/^Password/).fill(newPassword);
      await page.getByLabel(/^Confirm Password/).fill(newPassword);
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect.poll(() => page.getByText('Profile updated successfully').count()).toBe(1);
      await page.waitForURL('**/profile');
      expect(await page.getByText('Birth date is required').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/profile');

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL('**/login');
      await signIn(page, { email, password: newPassword });
      await expect.poll(() => page.getByText('Welcome, Demo!').count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/intake-list');
    });

    // The stored row holds the new password, no longer the printed one.
    const db = openDatabase({ dataDir });
    try {
      const row = await db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
      expect(await verifyPassword(row.password_hash, newPassword)).toBe(true);
      expect(await verifyPassword(row.password_hash, password)).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
