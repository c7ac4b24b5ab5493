// The client intake machine's planned paths (tests/machines/clientIntake.machine.test.ts) driven
// through the client's own page at /client-intake/{token} in Chromium, on a phone
// (docs/product/client-intake.md). The paths that together pass through every state and take every
// transition run (coveringPaths). Each path has a draft and a link of its own, made through the
// API, and starts from what the phone may hold: nothing, or answers kept from an earlier visit
// left on one of the pages. Each event becomes what the client does (a language, 'Start', a page's
// answers typed and tapped, 'Next', 'Back', the name, the consent, 'Send', 'Try again') or how the
// held call is answered: by the real server where it answers as the step says (the link read, the
// answers taken, a link since replaced (404) or already used (410)), else exactly the sample (a
// refusal naming fields, a server away, no answer at all).
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneUsages, type Language } from '../../../src/domain/enums';
import {
  clientFieldPaths,
  clientPart,
  clientPointGroups,
  clientSteps,
  isAnswered,
  isClientFieldShown,
  isIntakeField,
  painAndSymptomsKeys,
  readField,
  toApiIntake,
  type ClientLanguage,
} from '../../../src/domain/intake';
import { clientErrorText, clientTexts } from '../../../src/domain/intake/clientTexts';
import type { ClientTextPath } from '../../../src/domain/intake/clientTextShape';
import type { FieldChange } from '../../../src/domain/intake/editing';
import {
  clientIntakeMachine,
  clientPages,
  CONSENT_ERROR,
  FULL_NAME_ERROR,
  pageOf,
  savedAnswersOf,
  submissionOf,
  type ClientIntakeInput,
  type ClientIntakeSnapshot,
  type SavedClientAnswers,
} from '../../../src/machines/clientIntake.machine';
import { keyOf } from '../../../src/ui/clientIntake/savedAnswers';
import { draftIntake } from '../../api/support/intakes';
import { submission } from '../../api/support/clientIntake';
import { bearer } from '../../api/support/testServer';
import { fullValidIntake } from '../../domain/intake/fixtures';
import { fieldsOfPage, onScreen, plannedStarts } from '../../machines/clientIntakeSamples';
import { describePath, planModel, traversedTransitions } from '../../machines/modelCoverage';
import { startE2eApp, type E2eApp } from '../support/app';
import { launchChromium } from '../support/browser';
import { fulfilJson, holdRequests, type HeldRequests } from './support/heldRequests';
import { coveringPaths, drivePath, expectEveryStateAndTransition, type Drive, type PlannedPath } from './support/modelDrive';

const phone = { width: 375, height: 740 };

// ---------------------------------------------------------------------------------------------
// Planning, as in the unit suite: the same starting points, samples and offers.

interface IntakePath extends PlannedPath {
  /** What the phone holds at start: `input.saved`. */
  start: ClientIntakeInput;
  /** The same, in words. */
  held: string;
}

const candidates: IntakePath[] = plannedStarts.flatMap(({ start, held, events, offer }) =>
  planModel(clientIntakeMachine, { events, input: start, offer, offerIn: onScreen }).paths.map((path) => ({
    path,
    start,
    held,
    transitions: traversedTransitions(clientIntakeMachine, [path], { input: start }),
  })),
);
const driven = coveringPaths(candidates);
const completed: IntakePath[] = [];

// ---------------------------------------------------------------------------------------------
// The app

let app: E2eApp;
let browser: Browser;
let staffToken = '';

beforeAll(async () => {
  // Every path opens and sends through the public calls from one address: no cap on them here
  // (the cap is tested in tests/api).
  [app, browser] = await Promise.all([startE2eApp({ publicRatePerMinute: 10_000 }), launchChromium()]);
  staffToken = await app.server.login(app.owner.email, app.owner.password);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Link {
  caseId: string;
  token: string;
  expiresAt: string;
}

async function makeLink(caseId: string): Promise<Link> {
  const { data } = await app.server.api.POST('/v1/intake/{caseId}/client-link', {
    params: { path: { caseId } },
    headers: bearer(staffToken),
  });
  if (!data) throw new Error('The link could not be made for the test');
  const { url, expiresAt } = data.data;
  return { caseId, token: url.slice(url.lastIndexOf('/') + 1), expiresAt };
}

/** A draft naming the languages the link will greet in, and a link to it. */
async function draftWithLink(languages: Language[]): Promise<Link> {
  const { data } = await app.server.api.POST('/v1/intake', {
    body: {
      userId: app.owner.id,
      generalCaseInformation: toApiIntake(draftIntake({ firstName: 'Marisol', lastName: 'Ejemplo', languages })),
    },
    headers: bearer(staffToken),
  });
  if (!data) throw new Error('The draft could not be made for the test');
  return makeLink(data.data.caseId!);
}

/** The link used up by a submit of its own, so that the server answers the page's call with 410. */
async function useUp(token: string) {
  const { response } = await app.server.api.POST('/public/v1/client-intake/{token}', {
    params: { path: { token } },
    body: submission(clientPart(fullValidIntake())),
  });
  expect(response.status, 'the link is used by another submit').toBe(200);
}

async function clientAnswers(caseId: string) {
  const { data } = await app.server.api.GET('/v1/intake/{caseId}/client-answers', {
    params: { path: { caseId } },
    headers: bearer(staffToken),
  });
  return data!.data;
}

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

function readKept(page: Page, token: string): Promise<SavedClientAnswers | null> {
  return page.evaluate((key) => {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as { saved: SavedClientAnswers }).saved;
  }, keyOf(token));
}

function intakeDrive(page: Page, link: Link, gets: HeldRequests, posts: HeldRequests): Drive {
  const group = (name: string) => page.getByRole('group', { name, exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  /** Sets a field as the client does on its page: typing, or tapping until the buttons show the value. */
  async function give(language: ClientLanguage, { path, value }: FieldChange) {
    const t = clientTexts(language);
    const tap = async (choices: ReturnType<typeof group>, name: string, on: boolean) => {
      const choice = choices.getByRole('button', { name, exact: true });
      if ((await choice.getAttribute('aria-pressed')) !== String(on)) await choice.click();
    };
    if (path.startsWith('pointsOfInjury.')) {
      const point = path.slice('pointsOfInjury.'.length) as (typeof clientPointGroups.body)[number];
      const inBody = (clientPointGroups.body as readonly string[]).includes(point);
      await tap(group(inBody ? t.page.bodyGroup : t.page.symptomGroup), t.points[point], value === true);
      return;
    }
    const label = t.fields[path as ClientTextPath].label;
    if (path === 'personalInformation.gender' || path === 'personalInformation.civilStatus') {
      const names: Record<string, string> = path === 'personalInformation.gender' ? t.gender : t.civilStatus;
      await group(label)
        .getByRole('button', { name: names[value as string], exact: true })
        .click();
    } else if (path === 'personalInformation.phoneUsages') {
      for (const usage of phoneUsages) await tap(group(label), t.phoneUsage[usage], (value as string[]).includes(usage));
    } else if (path === 'injuryInformation.painAndSymptoms') {
      for (const key of painAndSymptomsKeys)
        await tap(group(label), t.painAndSymptoms[key], (value as Record<string, boolean>)[key] === true);
    } else if (typeof value === 'boolean') {
      await group(label)
        .getByRole('button', { name: value ? t.page.yes : t.page.no, exact: true })
        .click();
    } else {
      await page.getByLabel(label, { exact: true }).fill(String(value));
    }
  }

  /** The answers a page shows: typed ones in their boxes, Yes/No pressed. */
  async function expectAnswersShown(snapshot: ClientIntakeSnapshot, shown: (typeof clientSteps)[number]['id']) {
    const { answers, language } = snapshot.context;
    const t = clientTexts(language);
    for (const path of fieldsOfPage(shown)) {
      if (path.startsWith('pointsOfInjury.') || !isClientFieldShown(answers, path)) continue;
      const value = readField(answers, path) as unknown;
      const label = t.fields[path as ClientTextPath].label;
      if (path === 'personalInformation.gender' || path === 'personalInformation.civilStatus') {
        if (value === null) continue;
        const names: Record<string, string> = path === 'personalInformation.gender' ? t.gender : t.civilStatus;
        const choice = group(label).getByRole('button', { name: names[value as string], exact: true });
        expect(await choice.getAttribute('aria-pressed'), path).toBe('true');
      } else if (typeof value === 'boolean') {
        const yes = group(label).getByRole('button', { name: t.page.yes, exact: true });
        expect(await yes.getAttribute('aria-pressed'), path).toBe(String(value));
      } else if (typeof value === 'string' || typeof value === 'number') {
        expect(await page.getByLabel(label, { exact: true }).inputValue(), path).toBe(String(value));
      }
    }
  }

  async function answerError(route: Route, error: Answer) {
    if (error.status === 0) return route.abort('timedout');
    if (error.status === 404) {
      // A newer link replaces this one: the server no longer knows it.
      await makeLink(link.caseId);
      return route.continue();
    }
    if (error.status === 410) {
      await useUp(link.token);
      return route.continue();
    }
    return fulfilJson(route, error.status, { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
  }

  /** The real server's answer to the call just let through. */
  async function expectServerAnswered(held: HeldRequests, status: number) {
    await expect.poll(async () => (await held.seen.at(-1)?.response())?.status()).toBe(status);
  }

  return {
    async act({ before, event }) {
      const t = clientTexts(before.context.language);
      switch (event.type) {
        case 'language.choose':
          await button(clientTexts(event.language as ClientLanguage).languageName).click();
          return;
        case 'link.retry':
          await button(t.page.retry).click();
          return;
        case 'answers.start':
          await button(t.page.start).click();
          return;
        case 'answers.change':
          for (const change of event.changes as FieldChange[]) await give(before.context.language, change);
          return;
        case 'step.next':
          await button(t.page.next).click();
          return;
        case 'step.back':
          await button(t.page.back).click();
          return;
        case 'fullName.change':
          await page.getByLabel(t.page.fullName, { exact: true }).fill(event.value as string);
          return;
        case 'consent.change':
          await page.getByRole('checkbox').setChecked(event.value as boolean);
          return;
        case 'answers.submit':
          await button(t.page.submit).click();
          return;
        case 'xstate.done.actor.openLink':
          await gets.settle(
            () => true,
            'the link read',
            (route) => route.continue(),
          );
          await expectServerAnswered(gets, 200);
          return;
        case 'xstate.error.actor.openLink': {
          const error = event.error as Answer;
          await gets.settle(
            () => true,
            'the link read',
            (route) => answerError(route, error),
          );
          if (error.status === 404 || error.status === 410) await expectServerAnswered(gets, error.status);
          return;
        }
        case 'xstate.done.actor.submitAnswers':
          await posts.settle(
            () => true,
            'the submit',
            (route) => route.continue(),
          );
          await expectServerAnswered(posts, 200);
          return;
        case 'xstate.error.actor.submitAnswers': {
          const error = event.error as Answer;
          await posts.settle(
            () => true,
            'the submit',
            (route) => answerError(route, error),
          );
          if (error.status === 404 || error.status === 410) await expectServerAnswered(posts, error.status);
          return;
        }
        default:
          throw new Error(`No UI action for ${event.type}`);
      }
    },

    async check({ after }) {
      const snapshot = after as ClientIntakeSnapshot;
      const { language, errors, fullName, consent, greeting } = snapshot.context;
      const t = clientTexts(language);
      const shows = (text: string) =>
        expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);
      const alerts = (text: string) => page.getByRole('alert').filter({ hasText: text }).count();

      // The page speaks the machine's language, at the link's own address.
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.evaluate(() => window.location.pathname)).toBe(`/client-intake/${link.token}`);

      if (snapshot.matches('loading')) {
        await gets.waitFor(() => true, 'the link read');
        await expect.poll(() => page.getByRole('status').textContent()).toBe(t.page.loading);
        return;
      }
      if (snapshot.matches('unreachable')) {
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(t.page.failed);
        await button(t.page.retry).waitFor();
        return;
      }
      if (snapshot.matches('expired')) {
        await expect.poll(() => page.getByRole('heading', { name: t.page.expiredTitle, exact: true }).isVisible()).toBe(true);
        await shows(t.page.expired);
        await expect.poll(() => readKept(page, link.token)).toBeNull();
        return;
      }
      if (snapshot.matches('done')) {
        await expect.poll(() => page.getByRole('heading', { name: t.page.doneTitle, exact: true }).isVisible()).toBe(true);
        const sent = snapshot.matches({ done: 'sent' });
        await expect.poll(() => page.getByRole('status').textContent()).toBe(sent ? t.page.done : t.page.alreadySent);
        await expect.poll(() => readKept(page, link.token)).toBeNull();
        if (sent) {
          // What the client answered is stored, field by field, as the page showed it.
          const stored = await clientAnswers(link.caseId);
          expect(stored.submittedAt).not.toBeNull();
          const answers = snapshot.context.answers;
          const expected = clientFieldPaths
            .filter((path) => isAnswered(readField(answers, path), path))
            .map((path) => ({ path: path as string, value: readField(answers, path) as unknown }));
          const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
          expect(stored.answers.map(({ path, value }) => ({ path, value })).sort(byPath)).toEqual(expected.sort(byPath));
        }
        return;
      }
      if (snapshot.matches('language')) {
        await expect.poll(() => page.getByRole('heading', { name: t.page.greeting('Marisol'), exact: true }).isVisible()).toBe(true);
        expect(greeting).not.toBeNull();
        await shows(t.page.intro(app.firm.firm_name));
        await shows(t.page.languageQuestion);
        await button(t.page.start).waitFor();
        return;
      }

      // A page of the form (or the confirmation while it is sent).
      const shown = pageOf(snapshot)!;
      await expect.poll(() => page.getByRole('heading', { name: t.page.steps[shown], exact: true }).isVisible()).toBe(true);
      await shows(t.page.stepOf(clientPages.indexOf(shown) + 1, clientPages.length));
      // 'Back' on every page but the first, and not while the answers go.
      const backDisabled = () =>
        expect.poll(() => button(t.page.back).isDisabled()).toBe(shown === 'personal' || snapshot.matches('submitting'));

      if (snapshot.matches('submitting')) {
        // The answers go as the page holds them, in the page's language; the button says it is working.
        const request = await posts.waitFor(() => true, 'the submit');
        expect(request.postDataJSON()).toEqual(submissionOf(snapshot.context));
        await expect.poll(() => button(t.page.submitting).isDisabled()).toBe(true);
        await backDisabled();
        return;
      }

      // Until they are sent, the answers and the page are kept in this browser.
      await expect.poll(() => readKept(page, link.token)).toEqual(savedAnswersOf(snapshot));
      await expect.poll(() => alerts(t.page.fixErrors)).toBe(Object.keys(errors).length > 0 ? 1 : 0);
      // The notice to try again stays on every page until the next submit.
      await expect.poll(() => alerts(t.page.failed)).toBe(snapshot.matches({ filling: { lastSubmit: 'failed' } }) ? 1 : 0);
      await backDisabled();
      if (shown === 'confirm') {
        await expect.poll(() => page.getByLabel(t.page.fullName, { exact: true }).inputValue()).toBe(fullName);
        await expect.poll(() => page.getByRole('checkbox', { name: t.page.consent(app.firm.firm_name) }).isChecked()).toBe(consent);
        await expect.poll(() => page.getByText(t.page.fullNameRequired, { exact: true }).count()).toBe(FULL_NAME_ERROR in errors ? 1 : 0);
        await expect.poll(() => page.getByText(t.page.consentRequired, { exact: true }).count()).toBe(CONSENT_ERROR in errors ? 1 : 0);
        return;
      }
      await expectAnswersShown(snapshot, shown);
      // Each error of this page's fields is said beside its field, in the page's language.
      for (const path of fieldsOfPage(shown)) {
        const message = errors[path];
        if (message === undefined || !isIntakeField(path) || !isClientFieldShown(snapshot.context.answers, path)) continue;
        await shows(clientErrorText(language, path, message));
      }
    },
  };
}

/** The languages of the draft whose link greets as the path's first read of it does. */
function languagesFor(path: IntakePath['path']): Language[] {
  const read = path.steps.find((step) => step.event.type === 'xstate.done.actor.openLink');
  return (read?.event.output as { language?: string | null } | undefined)?.language === null ? [] : ['spanish'];
}

async function driveIntake(planned: IntakePath) {
  const link = await draftWithLink(languagesFor(planned.path));
  // A phone set to English: the page's language until the link says which the intake names.
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: phone, locale: 'en-US', reducedMotion: 'reduce' });
  const pageErrors: Error[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    // A missing element fails the step instead of waiting for the test's own timeout.
    page.setDefaultTimeout(10_000);
    const pathname = `/public/v1/client-intake/${link.token}`;
    const gets = await holdRequests(page, 'GET', pathname);
    const posts = await holdRequests(page, 'POST', pathname);
    const saved = planned.start.saved;
    if (saved) {
      // A same-origin file that is not the page, so nothing reads the key before it is written.
      await page.goto('/building.svg');
      await page.evaluate(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [keyOf(link.token), JSON.stringify({ expiresAt: link.expiresAt, saved })],
      );
    }
    await page.goto(`/client-intake/${link.token}`);
    await drivePath(planned.path, intakeDrive(page, link, gets, posts));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("the client intake's paths through the client's page in Chromium", () => {
  for (const planned of driven) {
    it(`with ${planned.held}, ${describePath(planned.path)}`, async () => {
      await driveIntake(planned);
      completed.push(planned);
    });
  }

  it('the driven paths passed through every state and took every transition', () => {
    expectEveryStateAndTransition(clientIntakeMachine, completed);
  });
});
