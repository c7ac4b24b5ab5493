// The client intake machine's sample events and starting points, shared by its model suite
// (tests/machines/clientIntake.machine.test.ts) and its browser suite (tests/e2e/model/clientIntake.test.ts):
// both plan the same paths from the same answers.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  clientFieldPaths,
  clientPart,
  clientSteps,
  emptyIntake,
  intakeMessages,
  isClientFieldShown,
  readField,
  type ClientStepId,
  type FieldPath,
} from '../../src/domain/intake';
import type { FieldChange } from '../../src/domain/intake/editing';
import {
  clientPages,
  pageOf,
  type ClientIntakeInput,
  type ClientIntakeSnapshot,
  type ClientPage,
  type SavedClientAnswers,
} from '../../src/machines/clientIntake.machine';
import { fullValidIntake } from '../domain/intake/fixtures';

export const TOKEN = 'Q2xpZW50VG9rZW5Gb3JNb2RlbFRlc3RzT25seV8xMjM';
export const input: ClientIntakeInput = { token: TOKEN, language: 'en' };
export const greeting = { firstName: 'Marisol', firmName: 'Ejemplo Injury Law', language: 'es', expiresAt: '2030-01-08T00:00:00.000Z' };
/** An intake that names no language: the page stays in the phone's. */
export const unnamed = { ...greeting, language: null };

const valid = clientPart(fullValidIntake());
const validChanges: FieldChange[] = clientFieldPaths.map((path) => ({ path, value: readField(valid, path) }));

/** The page that shows a field: its step's, the tappable points on the injuries page. */
export function pageOfPath(path: string): ClientPage {
  if (path.startsWith('pointsOfInjury.')) return 'injuries';
  return clientSteps.find((step) => (step.fields as readonly string[]).includes(path))?.id ?? 'confirm';
}

export function fieldsOfPage(page: ClientPage): readonly FieldPath[] {
  return clientFieldPaths.filter((path) => pageOfPath(path) === page);
}

/** A page's answers as the client gives them there: the fixture's, on the fields it shows, in order. */
function pageChanges(page: ClientStepId): FieldChange[] {
  const empty = emptyIntake();
  return fieldsOfPage(page)
    .filter((path) => path.startsWith('pointsOfInjury.') || isClientFieldShown(valid, path))
    .filter((path) => JSON.stringify(readField(valid, path)) !== JSON.stringify(readField(empty, path)))
    .map((path) => ({ path, value: readField(valid, path) }));
}

export const fills: AnyEventObject[] = clientSteps.map((step) => ({ type: 'answers.change', changes: pageChanges(step.id) }));
export const INVALID_EMAIL = 'not-an-email';
export const invalidEmail: AnyEventObject = {
  type: 'answers.change',
  changes: [{ path: 'personalInformation.email', value: INVALID_EMAIL }],
};
export const FULL_NAME = 'Marisol Ejemplo';

/** The server's refusals of a submit, each with the page whose fields it names (the confirmation for none). */
export const refusals: Array<{ fields: Record<string, string>; page: ClientPage }> = [
  { fields: { 'personalInformation.birthDate': intakeMessages.birthDateFuture }, page: 'personal' },
  { fields: { 'incidentDescription.howManyVehicles': intakeMessages.wholeNumber }, page: 'incident' },
  { fields: { 'injuryInformation.painStart': 'Please provide when the pain started' }, page: 'injuries' },
  { fields: { fullName: 'Please type your full name' }, page: 'confirm' },
];

export const samples: AnyEventObject[] = [
  { type: 'language.choose', language: 'vi' },
  ...fills,
  invalidEmail,
  { type: 'fullName.change', value: FULL_NAME },
  { type: 'consent.change', value: true },
  { type: 'xstate.done.actor.openLink', output: greeting },
  { type: 'xstate.done.actor.openLink', output: unnamed },
  { type: 'xstate.error.actor.openLink', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.openLink', error: { status: 410, code: 'link_used', message: 'Used' } },
  { type: 'xstate.error.actor.openLink', error: { status: 0, code: 'network_error', message: 'Offline' } },
  { type: 'xstate.done.actor.submitAnswers', output: { fields: 42 } },
  { type: 'xstate.error.actor.submitAnswers', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.submitAnswers', error: { status: 410, code: 'link_used', message: 'Used' } },
  ...refusals.map(({ fields }) => ({
    type: 'xstate.error.actor.submitAnswers',
    error: { status: 400, code: 'validation_failed', message: 'Invalid', fields },
  })),
  { type: 'xstate.error.actor.submitAnswers', error: { status: 503, code: 'database_unavailable', message: 'Later' } },
];

/** Answers kept from an earlier visit: the valid fixture (or `changes`), left on `page`, in Vietnamese. */
export function savedOn(page: ClientPage, changes: FieldChange[] = validChanges): SavedClientAnswers {
  const confirming = page === 'confirm';
  return { changes, step: clientPages.indexOf(page), fullName: confirming ? FULL_NAME : '', consent: confirming, language: 'vi' };
}

export const returning = (page: ClientPage): ClientIntakeInput => ({ ...input, saved: savedOn(page) });

/** Back on the confirmation with an answer the form's rules refuse (an email kept before they changed). */
export const returningSpoilt: ClientIntakeInput = {
  ...input,
  saved: savedOn(
    'confirm',
    validChanges.map((change) => (change.path === 'personalInformation.email' ? { ...change, value: INVALID_EMAIL } : change)),
  ),
};

/**
 * What the page lets the client do where they are: a field changes on the page that shows it, and
 * the language is chosen once the link is read (no language buttons before).
 */
export function onScreen(event: AnyEventObject, snapshot: AnyMachineSnapshot): boolean {
  if (event.type === 'language.choose') return !snapshot.matches('loading');
  if (event.type !== 'answers.change') return true;
  const page = pageOf(snapshot as ClientIntakeSnapshot);
  return (event as unknown as { changes: FieldChange[] }).changes.every((change) => pageOfPath(change.path) === page);
}

export interface PlannedStart {
  /** The machine's input: what the phone holds at start. */
  start: ClientIntakeInput;
  /** The same, in words. */
  held: string;
  events: AnyEventObject[];
  offer: (eventType: string) => boolean;
}

/** The plans both suites make, with `onScreen`: together they take every transition. */
export const plannedStarts: PlannedStart[] = [
  // The way through: the pages forward and back, the name and consent, sending.
  {
    start: input,
    held: 'nothing kept',
    events: samples.filter((sample) => sample !== invalidEmail),
    offer: (type) => type !== 'language.choose' && !type.startsWith('xstate.error.'),
  },
  // The ways out (expired, used, offline), the language, and a page refused.
  {
    start: input,
    held: 'nothing kept',
    events: samples.filter((sample) => !fills.includes(sample)),
    offer: (type) => type !== 'step.back' && type !== 'fullName.change' && type !== 'consent.change',
  },
  // Back with everything answered, on the confirmation: the server's answers to the submit.
  {
    start: returning('confirm'),
    held: 'everything kept on the confirmation',
    events: samples,
    offer: (type) => type === 'answers.submit' || type.startsWith('xstate.'),
  },
  // Back on the confirmation with an answer refused: the submit shows its page.
  {
    start: returningSpoilt,
    held: 'an email now refused kept on the confirmation',
    events: samples,
    offer: (type) => type === 'answers.submit' || type === 'xstate.done.actor.openLink',
  },
  // Back on each page of answers: straight to the page that was left.
  ...(['personal', 'incident', 'injuries'] as const).map((page) => ({
    start: returning(page),
    held: `everything kept on the ${page} page`,
    events: samples,
    offer: (type: string) => type === 'xstate.done.actor.openLink',
  })),
];
