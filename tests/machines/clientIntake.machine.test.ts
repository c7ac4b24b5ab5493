// The client's form machine (docs/product/client-intake.md): model-based, every transition
// traversed, with what each state promises checked on the way.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { clientFieldPaths, clientPart, readField } from '../../src/domain/intake';
import {
  clientIntakeMachine,
  CONFIRM_STEP,
  CONSENT_ERROR,
  FULL_NAME_ERROR,
  savedAnswersOf,
  type ClientIntakeContext,
  type ClientIntakeInput,
} from '../../src/machines/clientIntake.machine';
import { fullValidIntake } from '../domain/intake/fixtures';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

const TOKEN = 'Q2xpZW50VG9rZW5Gb3JNb2RlbFRlc3RzT25seV8xMjM';
const input: ClientIntakeInput = { token: TOKEN, language: 'en' };
const greeting = { firstName: 'Marisol', firmName: 'Ejemplo Injury Law', language: 'es', expiresAt: '2030-01-08T00:00:00.000Z' };
const valid = clientPart(fullValidIntake());
/** An intake that names no language: the page stays in the phone's. */
const unnamed = { ...greeting, language: null };
/** Answers kept from an earlier visit: the valid fixture, on the confirmation page, in Vietnamese. */
const saved = {
  changes: clientFieldPaths.map((path) => ({ path, value: readField(valid, path) })),
  step: CONFIRM_STEP,
  fullName: 'Marisol Ejemplo',
  consent: true,
  language: 'vi' as const,
};
const returning: ClientIntakeInput = { ...input, saved };
const fillAll = { type: 'fields.change', changes: clientFieldPaths.map((path) => ({ path, value: readField(valid, path) })) };

const samples: AnyEventObject[] = [
  { type: 'language.choose', language: 'vi' },
  fillAll,
  { type: 'field.change', path: 'personalInformation.email', value: 'not-an-email' },
  { type: 'fullName.change', value: 'Marisol Ejemplo' },
  { type: 'consent.change', value: true },
  { type: 'xstate.done.actor.openLink', output: greeting },
  { type: 'xstate.done.actor.openLink', output: unnamed },
  { type: 'xstate.error.actor.openLink', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.openLink', error: { status: 410, code: 'link_used', message: 'Used' } },
  { type: 'xstate.error.actor.openLink', error: { status: 0, code: 'network_error', message: 'Offline' } },
  { type: 'xstate.done.actor.submitAnswers', output: { fields: 42 } },
  { type: 'xstate.error.actor.submitAnswers', error: { status: 404, code: 'not_found', message: 'Not found' } },
  { type: 'xstate.error.actor.submitAnswers', error: { status: 410, code: 'link_used', message: 'Used' } },
  {
    type: 'xstate.error.actor.submitAnswers',
    error: {
      status: 400,
      code: 'validation_failed',
      message: 'Invalid',
      fields: { 'injuryInformation.painStart': 'Please provide when the pain started' },
    },
  },
  { type: 'xstate.error.actor.submitAnswers', error: { status: 503, code: 'database_unavailable', message: 'Later' } },
];

const checks = {
  loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    if (probe.event.type.startsWith('xstate.init') || probe.event.type === 'retry') {
      expect(probe.calls).toEqual([{ actor: 'openLink', input: { token: TOKEN } }]);
    }
  },
  language: (snapshot: AnyMachineSnapshot) => {
    // The link's language first, the phone's when the intake names none; the client's own choice after.
    const { greeting: read, language } = snapshot.context as { greeting: typeof greeting; language: string };
    expect([greeting, unnamed]).toContainEqual(read);
    expect(read.language === null ? ['en', 'vi'] : ['es', 'vi']).toContain(language);
    expect(snapshot.context.saved).toBeNull();
  },
  filling: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    const { step, errors } = snapshot.context as { step: number; errors: Record<string, string> };
    if (probe.event.type === 'xstate.done.actor.openLink') {
      // Back from an earlier visit: everything typed, where it was left, in the language chosen then.
      expect(snapshot.context).toMatchObject({
        step: CONFIRM_STEP,
        fullName: 'Marisol Ejemplo',
        consent: true,
        language: 'vi',
        saved: null,
      });
      expect(savedAnswersOf(snapshot.context as ClientIntakeContext)).toEqual(saved);
    }
    expect(step).toBeGreaterThanOrEqual(0);
    expect(step).toBeLessThanOrEqual(CONFIRM_STEP);
    if (probe.event.type === 'step.next' && Object.keys(errors).length > 0) {
      // Refused: the page's own fields say why, nothing else.
      expect(Object.keys(errors).every((path) => path.includes('.'))).toBe(true);
    }
    if (probe.event.type === 'submit') {
      // Not sent: the name and consent say what is missing, or the first page with errors shows.
      const missing = Object.keys(errors);
      expect(missing.length).toBeGreaterThan(0);
      if (missing.some((key) => key.includes('.'))) expect(step).toBeLessThan(CONFIRM_STEP);
      else expect(missing.every((key) => key === FULL_NAME_ERROR || key === CONSENT_ERROR)).toBe(true);
    }
    if (probe.event.type === 'xstate.error.actor.submitAnswers') {
      const status = (probe.event as unknown as { error: { status: number } }).error.status;
      if (status === 400) {
        expect(errors).toEqual({ 'injuryInformation.painStart': 'Please provide when the pain started' });
        expect(step).toBe(2);
      } else {
        expect(snapshot.context.submitFailed).toBe(true);
      }
    }
  },
  submitting: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(probe.calls).toHaveLength(1);
    const call = probe.calls[0]!.input as { token: string; submission: Record<string, unknown> };
    expect(call.token).toBe(TOKEN);
    expect(call.submission).toMatchObject({ fullName: 'Marisol Ejemplo', consent: true, language: snapshot.context.language });
    // Only the client's fields travel, in the API's shape; no SSN, no checklist.
    const answers = call.submission.answers as Record<string, Record<string, unknown>>;
    expect(Object.keys(answers).sort()).toEqual(['incidentDescription', 'injuryInformation', 'personalInformation', 'pointsOfInjury']);
    expect(answers.personalInformation).not.toHaveProperty('ssnItin');
    expect(answers.personalInformation!.birthDate).toBe('1990-03-05T00:00:00.000Z');
  },
  done: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
    // Thanks for this submit, or 'already sent' when the server said the link was used (410).
    if (probe.event.type === 'xstate.done.actor.submitAnswers') expect(snapshot.context.alreadySent).toBe(false);
    if (probe.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.alreadySent).toBe(true);
  },
  expired: (snapshot: AnyMachineSnapshot) => {
    expect(snapshot.hasTag('busy')).toBe(false);
  },
};

describe('client intake machine', () => {
  // Two plans: the way through (language, pages, sending) and the ways out (expired, used, offline).
  const plans = [
    planModel(clientIntakeMachine, {
      events: samples,
      input,
      offer: (type) => type !== 'field.change' && type !== 'language.choose',
    }),
    planModel(clientIntakeMachine, {
      events: samples,
      input,
      offer: (type) => !type.startsWith('step.') && type !== 'fields.change' && type !== 'fullName.change' && type !== 'consent.change',
    }),
    // Back with answers kept from an earlier visit: straight to the page that was left.
    planModel(clientIntakeMachine, {
      events: samples,
      input: returning,
      offer: (type) => type === 'submit' || type.startsWith('xstate.'),
    }),
  ];
  const inputs = [input, input, returning];

  it('traverses every transition of its definition', () => {
    expect(expectEveryTransitionTraversed(clientIntakeMachine, plans)).toMatchObject({ machineId: 'clientIntake' });
  });

  for (const [index, plan] of plans.entries()) {
    for (const path of plan.paths) {
      it(`plan ${index + 1}: ${describePath(path)}`, async () => {
        await runPath(clientIntakeMachine, path, { input: inputs[index], actors: ['openLink', 'submitAnswers'], states: checks });
      });
    }
  }
});
