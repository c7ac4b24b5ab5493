// The client's form machine (docs/product/client-intake.md): model-based, every transition
// traversed, with what each state promises checked on the way.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  clientIntakeMachine,
  clientPages,
  CONSENT_ERROR,
  FULL_NAME_ERROR,
  pageOf,
  savedAnswersOf,
  type ClientIntakeSnapshot,
  type SavedClientAnswers,
} from '../../src/machines/clientIntake.machine';
import { FULL_NAME, TOKEN, fieldsOfPage, greeting, onScreen, plannedStarts, refusals, unnamed } from './clientIntakeSamples';
import { describePath, expectEveryTransitionTraversed, planModel, runPath, type StepProbe } from './modelCoverage';

function checks(saved: SavedClientAnswers | undefined) {
  return {
    loading: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      if (probe.event.type.startsWith('xstate.init') || probe.event.type === 'link.retry') {
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
    filling: (state: AnyMachineSnapshot, probe: StepProbe) => {
      const snapshot = state as ClientIntakeSnapshot;
      const { errors } = snapshot.context;
      const page = pageOf(snapshot);
      expect(clientPages).toContain(page);
      if (probe.event.type === 'xstate.done.actor.openLink') {
        // Back from an earlier visit: everything typed, on the page it was left, in the language chosen then.
        expect(saved).toBeDefined();
        expect(snapshot.context).toMatchObject({ fullName: saved!.fullName, consent: saved!.consent, language: 'vi', saved: null });
        expect(savedAnswersOf(snapshot)).toEqual(saved);
      }
      if (probe.event.type === 'step.next' && Object.keys(errors).length > 0) {
        // Refused: the page's own fields say why, nothing else.
        expect(Object.keys(errors).every((path) => (fieldsOfPage(page!) as readonly string[]).includes(path))).toBe(true);
      }
      if (probe.event.type === 'answers.submit') {
        // Not sent: the first page with errors shows, or the name and consent say what is missing.
        const missing = Object.keys(errors);
        expect(missing.length).toBeGreaterThan(0);
        const first = clientPages.find((candidate) => missing.some((key) => (fieldsOfPage(candidate) as readonly string[]).includes(key)));
        if (first) {
          expect(page).toBe(first);
        } else {
          expect(page).toBe('confirm');
          expect(missing.every((key) => key === FULL_NAME_ERROR || key === CONSENT_ERROR)).toBe(true);
        }
      }
      if (probe.event.type === 'xstate.error.actor.submitAnswers') {
        const error = (probe.event as unknown as { error: { status: number; fields?: Record<string, string> } }).error;
        if (error.status === 400) {
          // The server's reasons on the page they belong to; no notice to try again.
          const refusal = refusals.find(({ fields }) => JSON.stringify(fields) === JSON.stringify(error.fields));
          // In the server's own words: its 400 names English sentences, not codes to render.
          expect(errors).toEqual(
            Object.fromEntries(Object.entries(refusal?.fields ?? {}).map(([path, message]) => [path, { code: 'server', message }])),
          );
          expect(page).toBe(refusal?.page);
          expect(snapshot.matches({ filling: { lastSubmit: 'none' } })).toBe(true);
        } else {
          expect(page).toBe('confirm');
          expect(snapshot.matches({ filling: { lastSubmit: 'failed' } })).toBe(true);
        }
      }
    },
    submitting: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(pageOf(snapshot as ClientIntakeSnapshot)).toBe('confirm');
      expect(probe.calls).toHaveLength(1);
      const call = probe.calls[0]!.input as { token: string; submission: Record<string, unknown> };
      expect(call.token).toBe(TOKEN);
      expect(call.submission).toMatchObject({ fullName: FULL_NAME, consent: true, language: snapshot.context.language });
      // Only the client's fields travel, in the API's shape; no SSN, no checklist.
      const answers = call.submission.answers as Record<string, Record<string, unknown>>;
      expect(Object.keys(answers).sort()).toEqual(['incidentDescription', 'injuryInformation', 'personalInformation', 'pointsOfInjury']);
      expect(answers.personalInformation).not.toHaveProperty('ssnItin');
      expect(answers.personalInformation!.birthDate).toBe('1990-03-05T00:00:00.000Z');
    },
    done: (snapshot: AnyMachineSnapshot, probe: StepProbe) => {
      // Thanks for this submit, or 'already sent' when the server said the link was used (410).
      expect(pageOf(snapshot as ClientIntakeSnapshot)).toBeNull();
      if (probe.event.type === 'xstate.done.actor.submitAnswers') expect(snapshot.matches({ done: 'sent' })).toBe(true);
      if (probe.event.type.startsWith('xstate.error.actor.')) expect(snapshot.matches({ done: 'alreadySent' })).toBe(true);
    },
    expired: (snapshot: AnyMachineSnapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
    },
  };
}

describe('client intake machine', () => {
  const plans = plannedStarts.map(({ start, events, offer }) => ({
    input: start,
    plan: planModel(clientIntakeMachine, { events, input: start, offer, offerIn: onScreen }),
  }));

  it('traverses every transition of its definition', () => {
    expect(
      expectEveryTransitionTraversed(
        clientIntakeMachine,
        plans.map(({ plan }) => plan),
      ),
    ).toMatchObject({ machineId: 'clientIntake' });
  });

  for (const [index, { input: planned, plan }] of plans.entries()) {
    for (const path of plan.paths) {
      it(`plan ${index + 1}: ${describePath(path)}`, async () => {
        await runPath(clientIntakeMachine, path, {
          input: planned,
          actors: ['openLink', 'submitAnswers'],
          states: checks(planned.saved ?? undefined),
        });
      });
    }
  }
});
