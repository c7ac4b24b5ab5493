// Intake issue, item 7: "a keystroke in the form re-renders the field, not the form". The shared
// controls are wrapped in spies that count their renders by field, so the test sees which fields
// a change re-rendered inside a whole tab.
import { act, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonalTab } from '../../../src/ui/pages/intake/tabs/PersonalTab';
import { PointsOfInjuryTab } from '../../../src/ui/pages/intake/tabs/PointsOfInjuryTab';
import { renderWithIntake } from './intakeTestStore';

const renders = new Map<string, number>();

function countRender(key: unknown) {
  const name = String(key);
  renders.set(name, (renders.get(name) ?? 0) + 1);
}

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

/** The fields rendered since the last reset, with how often. */
function renderedFields(): Record<string, number> {
  return Object.fromEntries(renders);
}

beforeEach(() => renders.clear());

describe('re-rendering', () => {
  it('a keystroke in one field re-renders that field only', async () => {
    const { user } = renderWithIntake(<PersonalTab />);
    expect(renders.get('personalInformation.lastName')).toBe(1);
    renders.clear();

    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ana');
    expect(renderedFields()).toEqual({ 'personalInformation.firstName': 3 });
  });

  it('an answer re-renders its question and the field it enables, not the rest of the tab', async () => {
    const { user } = renderWithIntake(<PersonalTab />);
    renders.clear();
    const passengers = screen.getByRole('radiogroup', { name: 'Passengers?' });
    await user.click(within(passengers).getByRole('radio', { name: 'Yes' }));
    expect(renderedFields()).toEqual({ 'personalInformation.passengers': 1, 'personalInformation.passengerCount': 1 });
  });

  it('Select All re-renders its own group once, not the other groups', async () => {
    const { user } = renderWithIntake(<PointsOfInjuryTab />);
    renders.clear();
    const symptoms = screen.getByRole('group', { name: 'Symptoms' });
    await user.click(within(symptoms).getByRole('checkbox', { name: 'Select All' }));
    expect(renderedFields()).toEqual({ Symptoms: 1 });
  });

  it('a change made elsewhere in the store re-renders no field of this tab', () => {
    const { store } = renderWithIntake(<PersonalTab />);
    renders.clear();
    act(() => {
      store.send({ type: 'field.change', path: 'vehicleInformation.vin', value: 'VIN123' });
    });
    expect(renderedFields()).toEqual({});
  });
});
