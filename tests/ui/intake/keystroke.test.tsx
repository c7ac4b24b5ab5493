// A keystroke costs the typed field, not the form (README, Performance: "Keystrokes: at most one
// frame with all seven tabs mounted"). The page mounts only the open tab; here all seven tabs are
// mounted at once on the real intake machine, the worst case the goal names, and typing into
// Address must re-render Address alone and wake as few of the form's subscriptions as the fields
// need. Counts, never times: what a keystroke does, not how long it took on this machine.
import { Profiler, type ComponentProps, type ProfilerOnRenderCallback } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { intakeMachine } from '../../../src/machines/intake.machine';
import { IntakeFormContext, type IntakeFormStore } from '../../../src/ui/pages/intake/form/intakeFieldBinding';
import { intakeTabViews } from '../../../src/ui/pages/intake/tabs/tabComponents';

const fieldRenders = new Map<string, number>();

function countRender(name: unknown) {
  const key = String(name);
  fieldRenders.set(key, (fieldRenders.get(key) ?? 0) + 1);
}

// The shared controls count their renders by field, as in rerender.test.tsx.
vi.mock('../../../src/ui/components/TextInput', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/ui/components/TextInput')>();
  return {
    ...original,
    TextInput: (props: ComponentProps<typeof original.TextInput>) => {
      countRender(props.name);
      return original.TextInput(props);
    },
  };
});

vi.mock('../../../src/ui/components/TextArea', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/ui/components/TextArea')>();
  return {
    ...original,
    TextArea: (props: ComponentProps<typeof original.TextArea>) => {
      countRender(props.name);
      return original.TextArea(props);
    },
  };
});

vi.mock('../../../src/ui/components/RadioGroup', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/ui/components/RadioGroup')>();
  return {
    ...original,
    RadioGroup: <T extends string | boolean>(props: ComponentProps<typeof original.RadioGroup<T>>) => {
      countRender(props.name);
      return original.RadioGroup(props);
    },
  };
});

vi.mock('../../../src/ui/components/Checkbox', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/ui/components/Checkbox')>();
  return {
    ...original,
    CheckboxGroup: <K extends string>(props: ComponentProps<typeof original.CheckboxGroup<K>>) => {
      countRender(props.legend);
      return original.CheckboxGroup(props);
    },
  };
});

// The incident date's deadline note reads the firm's limitation period; no server here.
vi.mock('../../../src/api/firm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/firm')>()),
  getFirm: vi.fn(() => new Promise(() => undefined)),
}));

/** The intake machine in create mode, with a count of the subscriptions its snapshots wake. */
function startIntake() {
  const actor = createActor(intakeMachine, { input: { mode: 'create', userId: 'user-1' } }).start();
  let listening = 0;
  const store: IntakeFormStore = {
    send: (event) => actor.send(event),
    getSnapshot: () => actor.getSnapshot(),
    subscribe: (observer) => {
      listening += 1;
      const subscription = actor.subscribe(observer as Parameters<typeof actor.subscribe>[0]);
      return {
        unsubscribe: () => {
          listening -= 1;
          subscription.unsubscribe();
        },
      };
    },
  };
  return { actor, store, listening: () => listening };
}

/** All seven tabs at once, each inside a Profiler that counts its commits. */
function renderAllTabs(store: IntakeFormStore) {
  const commits = new Map<string, number>();
  const onRender: ProfilerOnRenderCallback = (id) => commits.set(id, (commits.get(id) ?? 0) + 1);
  render(
    <IntakeFormContext.Provider value={store}>
      {intakeTabViews.map(({ tab, Component }) => (
        <Profiler key={tab.id} id={tab.id} onRender={onRender}>
          <section aria-label={tab.name}>
            <Component />
          </section>
        </Profiler>
      ))}
    </IntakeFormContext.Provider>,
  );
  return commits;
}

const TYPED = '1200 North Main';

beforeEach(() => fieldRenders.clear());

describe('a keystroke with all seven tabs mounted', () => {
  it('re-renders the Address field alone, once a character, and no other tab', async () => {
    const { store, actor } = startIntake();
    const commits = renderAllTabs(store);
    const user = userEvent.setup();
    expect(fieldRenders.get('vehicleInformation.vin')).toBeGreaterThan(0);
    fieldRenders.clear();
    commits.clear();

    const personal = screen.getByRole('region', { name: 'Client Personal Information' });
    const address = within(personal).getByRole('textbox', { name: 'Address' });
    await user.type(address, TYPED);

    expect(actor.getSnapshot().context.intake.personalInformation.address).toBe(TYPED);
    expect(Object.fromEntries(fieldRenders)).toEqual({ 'personalInformation.address': TYPED.length });
    // The personal tab commits once a character (Address inside it); the other six never.
    expect(Object.fromEntries(commits)).toEqual({ personal: TYPED.length });
  });

  it('wakes one subscription a field: its value, error, disabled state and asterisk together', () => {
    const { store, listening } = startIntake();
    renderAllTabs(store);
    const fields = document.querySelectorAll('input:not([type="radio"]):not([type="checkbox"]), textarea, select, fieldset').length;
    // Every subscription's selector runs on every keystroke. There were six a field (value, error,
    // disabled, asterisk, and the 'From client' mark's value and read-only state even where the
    // client gave no answer): 671 for the seven tabs. A few widgets read one more thing (a tick
    // group its read-only state, the phone's 'Both' box, the SSN's caseId, the deadline note).
    expect(listening()).toBeLessThanOrEqual(fields + 10);
  });
});
