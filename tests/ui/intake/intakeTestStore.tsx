// A tiny stand-in for the intake machine: the same context ({ intake, errors }), the same field
// events applied by the machine's own rule (applyChanges, src/domain/intake/editing.ts: the
// change with the form's rules, and the errors it drops), and the 'readOnly' tag in a state. The
// tabs see exactly the IntakeFormStore shape the real machine provides.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { assign, createActor, setup } from 'xstate';
import { applyChange, applyChanges, emptyIntake } from '../../../src/domain/intake';
import type { FieldErrors, FieldPath, FieldValue, GeneralCaseInformation } from '../../../src/domain/intake';
import { IntakeFormContext, type IntakeFieldEvent } from '../../../src/ui/pages/intake/form/intakeFieldBinding';

type Change = { path: FieldPath; value: unknown };

function applyAll(intake: GeneralCaseInformation, changes: readonly Change[]): GeneralCaseInformation {
  // Each change's value belongs to its path: the events carry them untyped.
  return changes.reduce((next, { path, value }) => applyChange(next, path, value as FieldValue<FieldPath>), intake);
}

export const testIntakeMachine = setup({
  types: {
    context: {} as { intake: GeneralCaseInformation; errors: FieldErrors },
    input: {} as { intake?: GeneralCaseInformation; errors?: FieldErrors },
    events: {} as IntakeFieldEvent | { type: 'errors.show'; errors: FieldErrors } | { type: 'mode.view' },
  },
  actions: {
    applyFieldChange: assign(({ context, event }) =>
      event.type === 'field.change' ? applyChanges(context, [{ path: event.path, value: event.value }]) : {},
    ),
    applyFieldChanges: assign(({ context, event }) => (event.type === 'fields.change' ? applyChanges(context, event.changes) : {})),
    showErrors: assign({ errors: ({ event }) => (event.type === 'errors.show' ? event.errors : {}) }),
  },
}).createMachine({
  id: 'intakeTestStore',
  context: ({ input }) => ({ intake: input.intake ?? emptyIntake(), errors: input.errors ?? {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'applyFieldChange' },
        'fields.change': { actions: 'applyFieldChanges' },
        'errors.show': { actions: 'showErrors' },
        'mode.view': { target: 'viewing' },
      },
    },
    viewing: { tags: ['readOnly'] },
  },
});

export function startTestStore(input: { intake?: GeneralCaseInformation; errors?: FieldErrors } = {}) {
  return createActor(testIntakeMachine, { input }).start();
}

export type TestStore = ReturnType<typeof startTestStore>;

/** Renders `ui` (a tab, or fields) inside the intake form's context, backed by a fresh test store. */
export function renderWithIntake(ui: ReactElement, input: { intake?: GeneralCaseInformation; errors?: FieldErrors } = {}) {
  const store = startTestStore(input);
  const user = userEvent.setup();
  const view = render(<IntakeFormContext.Provider value={store}>{ui}</IntakeFormContext.Provider>);
  const intake = () => store.getSnapshot().context.intake;
  return { ...view, store, user, intake };
}

/** A blank intake with some fields already set (through applyChange, as the form would). */
export function intakeWith(changes: Partial<Record<FieldPath, unknown>>): GeneralCaseInformation {
  return applyAll(
    emptyIntake(),
    Object.entries(changes).map(([path, value]) => ({ path: path as FieldPath, value })),
  );
}

/**
 * What a person reads as each control's label, in the order of the page: the name of every text
 * box, date, select and number input, and of every radio group and checkbox group (their legend).
 * Hidden parts (the asterisk, aria-hidden) are left out, visually hidden names kept, as a screen
 * reader does.
 */
export function fieldLabelsInOrder(container: HTMLElement): string[] {
  const controls = container.querySelectorAll<HTMLElement>('input:not([type="radio"]):not([type="checkbox"]), textarea, select, fieldset');
  return [...controls].map((control) => {
    const labelledBy = control.getAttribute('aria-labelledby');
    if (labelledBy) return spokenText(container.ownerDocument.getElementById(labelledBy));
    if (control instanceof HTMLFieldSetElement) return spokenText(control.querySelector('legend'));
    const label = (control as HTMLInputElement).labels?.[0] ?? null;
    return spokenText(label);
  });
}

function spokenText(element: Element | null): string {
  if (!element) return '';
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') text += spokenText(node);
  }
  return text.trim();
}
