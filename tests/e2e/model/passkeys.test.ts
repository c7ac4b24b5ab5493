// Passkeys on /profile: the machine's planned paths (tests/machines/passkeys.machine.test.ts) driven
// through the profile page in Chromium (docs/product/sign-in-and-session.md, Passkeys). The paths
// that together pass through every state and take every transition run (coveringPaths). Each event
// becomes what the person does ('Add a passkey', a name typed and 'Create passkey' or 'Save',
// 'Rename', 'Remove', the dialog's answer, 'Cancel') or how the held call is answered: exactly the
// sample. Adding a passkey is the browser's real ceremony with Chromium's virtual authenticator on
// the real server's options (WebAuthn wants a name, so the app is opened at localhost); the
// browser's refusal is real too: it is handed options naming another site, which it refuses at
// once. The real server's side of every call is tested in tests/e2e/passkeys.test.ts and tests/api.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { passkeyTexts } from '../../../src/domain/texts';
import { passkeysMachine } from '../../../src/machines/passkeys.machine';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { passkeysSamples } from '../../machines/passkeysSamples';
import { signIn, startE2eApp, type E2eApp } from '../support/app';
import { addVirtualAuthenticator, launchChromium, newPage } from '../support/browser';
import { fulfilJson, answerError, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

const LIST = '/v1/users/me/passkeys';
const OPTIONS = '/v1/users/me/passkeys/options';

const plan = planModel(passkeysMachine, { events: passkeysSamples });
const driven: PlannedPath[] = coveringPaths(
  plan.paths.map((path) => ({ path, transitions: traversedTransitions(passkeysMachine, [path]) })),
);
const completed: PlannedPath[] = [];

let app: E2eApp;
let browser: Browser;
/** The app as staff open it: by name, not by IP address. */
let localUrl: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eApp(), launchChromium()]);
  localUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The real server's options, naming another site as the relying party: the browser refuses them. */
async function optionsForAnotherSite(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { data: { rp: { id?: string } } };
  body.data.rp.id = 'another-site.example';
  return fulfilJson(route, response.status(), body);
}

interface Held {
  loads: HeldRequests;
  options: HeldRequests;
  adds: HeldRequests;
  renames: HeldRequests;
  removals: HeldRequests;
}

function passkeysDrive(page: Page, held: Held): Drive {
  const section = page.getByRole('region', { name: passkeyTexts.sectionTitle });
  const dialog = page.getByRole('dialog');
  const nameField = () => section.getByRole('textbox', { name: passkeyTexts.nameLabel });
  const named = (snapshot: PasskeysSnapshot, id: string) => snapshot.context.passkeys.find((passkey) => passkey.id === id)?.name ?? '';
  let typedName = '';
  let removalsAsked = 0;

  return {
    async act({ before, event }) {
      const sample = event as AnyEventObject;
      const snapshot = before as PasskeysSnapshot;
      switch (event.type) {
        case 'passkeys.add':
          return section.getByRole('button', { name: passkeyTexts.add, exact: true }).click();
        case 'passkeys.name':
          typedName = sample.name as string;
          await nameField().fill(typedName);
          return section
            .getByRole('button', { name: snapshot.matches('naming') ? passkeyTexts.create : passkeyTexts.save, exact: true })
            .click();
        case 'passkeys.cancel':
          if (snapshot.matches('confirmingRemoval')) return dialog.getByRole('button', { name: passkeyTexts.cancel, exact: true }).click();
          return section.getByRole('button', { name: passkeyTexts.cancel, exact: true }).click();
        case 'passkeys.rename':
          return section
            .getByRole('button', { name: `${passkeyTexts.rename} ${named(snapshot, sample.id as string)}`, exact: true })
            .click();
        case 'passkeys.remove':
          removalsAsked = held.removals.seen.length;
          return section
            .getByRole('button', { name: `${passkeyTexts.remove} ${named(snapshot, sample.id as string)}`, exact: true })
            .click();
        case 'passkeys.confirm':
          return dialog.getByRole('button', { name: passkeyTexts.confirmRemove, exact: true }).click();
        case 'passkeys.retry':
          return section.getByRole('button', { name: passkeyTexts.retry, exact: true }).click();
        case 'xstate.done.actor.loadPasskeys':
          return held.loads.settle(
            () => true,
            'the list',
            (route) => fulfilJson(route, 200, { data: sample.output }),
          );
        case 'xstate.error.actor.loadPasskeys':
          return held.loads.settle(
            () => true,
            'the list',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.addPasskey': {
          // The browser's ceremony on the server's own options; its result is checked by the
          // server in tests/e2e/passkeys.test.ts, and answered here with the sample.
          await held.options.settle(
            () => true,
            'the options',
            (route) => route.continue(),
          );
          const request = await held.adds.waitFor(() => true, 'the new passkey');
          expect(request.postDataJSON()).toMatchObject({ name: typedName.trim(), response: { type: 'public-key' } });
          return held.adds.settle(
            () => true,
            'the new passkey',
            (route) => fulfilJson(route, 201, { data: sample.output }),
          );
        }
        case 'xstate.error.actor.addPasskey':
          return held.options.settle(() => true, 'the options', optionsForAnotherSite);
        case 'xstate.done.actor.renamePasskey':
          return held.renames.settle(
            () => true,
            'the rename',
            (route) => fulfilJson(route, 200, { data: sample.output }),
          );
        case 'xstate.error.actor.renamePasskey':
          return held.renames.settle(
            () => true,
            'the rename',
            (route) => answerError(route, sample.error),
          );
        case 'xstate.done.actor.removePasskey':
          return held.removals.settle(
            () => true,
            'the removal',
            (route) => route.fulfill({ status: 204 }),
          );
        case 'xstate.error.actor.removePasskey':
          return held.removals.settle(
            () => true,
            'the removal',
            (route) => answerError(route, sample.error),
          );
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const snapshot = after as PasskeysSnapshot;
      const { passkeys, error, notice, selectedId } = snapshot.context;
      const addButton = section.getByRole('button', { name: passkeyTexts.add, exact: true });
      await section.getByRole('heading', { name: passkeyTexts.sectionTitle }).waitFor();
      if (snapshot.matches('loading')) {
        await held.loads.waitFor(() => true, 'the list');
        expect(await addButton.count()).toBe(0);
        // Read again after a failure: its reason and 'Try again' are gone.
        await expect.poll(() => section.getByRole('alert').count()).toBe(0);
        return;
      }
      if (snapshot.matches('unavailable')) {
        // Why the list is missing, and 'Try again' the only thing offered.
        await expect.poll(() => section.getByRole('alert').allTextContents()).toEqual([`${error}${passkeyTexts.retry}`]);
        await expect.poll(() => section.getByRole('button').allTextContents()).toEqual([passkeyTexts.retry]);
        return;
      }
      if (snapshot.matches('listing')) {
        await expect.poll(() => addButton.isEnabled()).toBe(true);
        await expect.poll(() => section.locator('li strong').allTextContents()).toEqual(passkeys.map((passkey) => passkey.name));
        if (passkeys.length === 0) await section.getByText(passkeyTexts.none).waitFor();
        await expect.poll(() => section.getByRole('status').allTextContents()).toEqual(notice ? [notice] : []);
        await expect.poll(() => section.getByRole('alert').allTextContents()).toEqual(error ? [error] : []);
        expect(await dialog.count()).toBe(0);
        return;
      }
      if (snapshot.matches('naming') || snapshot.matches('renaming')) {
        await nameField().waitFor();
        await expect.poll(() => nameField().isEditable()).toBe(true);
        // The field is marked, and says why, exactly while the machine holds an error.
        await expect.poll(() => nameField().getAttribute('aria-invalid')).toBe(error ? 'true' : null);
        if (error) await section.getByText(error, { exact: true }).waitFor();
        if (snapshot.matches('renaming')) {
          // The form stands in the passkey's own row.
          await expect
            .poll(() =>
              section
                .getByRole('listitem')
                .filter({ has: page.getByRole('textbox', { name: passkeyTexts.nameLabel }) })
                .count(),
            )
            .toBe(1);
        }
        return;
      }
      if (snapshot.matches('adding')) {
        await held.options.waitFor(() => true, 'the options');
        await expect.poll(() => nameField().isDisabled()).toBe(true);
        return;
      }
      if (snapshot.matches('savingName')) {
        const request = await held.renames.waitFor(() => true, 'the rename');
        expect(new URL(request.url()).pathname).toBe(`${LIST}/${selectedId}`);
        expect(request.postDataJSON()).toEqual({ name: typedName.trim() });
        return;
      }
      const selected = passkeys.find((passkey) => passkey.id === selectedId);
      // confirmingRemoval and removing: the dialog names the passkey; removal waits for its answer.
      await expect.poll(() => dialog.textContent()).toContain(passkeyTexts.removePrompt(selected?.name ?? ''));
      if (snapshot.matches('removing')) {
        const request = await held.removals.waitFor(() => true, 'the removal');
        expect(new URL(request.url()).pathname).toBe(`${LIST}/${selectedId}`);
      } else {
        // Removal asks first: nothing is sent before the answer.
        expect(held.removals.seen).toHaveLength(removalsAsked);
      }
    },
  };
}

async function drive(path: PlannedPath['path']) {
  const { context, page, pageErrors } = await newPage(browser, localUrl);
  page.setDefaultTimeout(10_000);
  try {
    await addVirtualAuthenticator(page);
    const onePasskey = (pathname: string) => pathname.startsWith(`${LIST}/`) && pathname !== OPTIONS;
    const held: Held = {
      loads: await holdRequests(page, 'GET', LIST),
      options: await holdRequests(page, 'POST', OPTIONS),
      adds: await holdRequests(page, 'POST', LIST),
      renames: await holdRequests(page, 'PATCH', onePasskey),
      removals: await holdRequests(page, 'DELETE', onePasskey),
    };
    await signIn(page, app.owner);
    await page.goto('/profile');
    await drivePath(path, passkeysDrive(page, held));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('passkeys paths on /profile in Chromium', () => {
  for (const planned of driven) {
    it(describePath(planned.path), async () => {
      await drive(planned.path);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(passkeysMachine, completed);
  });
});
