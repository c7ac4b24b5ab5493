import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, CheckboxGroup, isEveryItemChecked, type CheckboxItem } from '../../../src/ui/components/Checkbox';

type Symptom = 'headache' | 'nausea' | 'dizziness';
const symptoms: CheckboxItem<Symptom>[] = [
  { key: 'headache', label: 'Headache' },
  { key: 'nausea', label: 'Nausea' },
  { key: 'dizziness', label: 'Dizziness' },
];

function Group({
  initial = {},
  items = symptoms,
  spy,
}: {
  initial?: Partial<Record<Symptom, boolean>>;
  items?: CheckboxItem<Symptom>[];
  spy?: (changes: Partial<Record<Symptom, boolean>>) => void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <CheckboxGroup<Symptom>
      legend="Symptoms"
      items={items}
      values={values}
      selectAll
      onChange={(changes) => {
        spy?.(changes);
        setValues((current) => ({ ...current, ...changes }));
      }}
    />
  );
}

describe('Checkbox', () => {
  it('shows its label and state and reports the new state', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Both" checked={false} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Both' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('cannot be toggled when disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Both" checked onChange={onChange} disabled />);
    const box = screen.getByRole('checkbox', { name: 'Both' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await user.click(box);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('CheckboxGroup with Select All', () => {
  it("shows 'Select All' unticked while any item is unticked", async () => {
    const user = userEvent.setup();
    render(<Group initial={{ headache: true }} />);
    expect(screen.getByRole('group', { name: 'Symptoms' })).toBeInTheDocument();
    const selectAll = screen.getByRole('checkbox', { name: 'Select All' });
    expect(selectAll).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Nausea' }));
    expect(selectAll).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Dizziness' }));
    expect(selectAll).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Headache' }));
    expect(selectAll).not.toBeChecked();
  });

  it('ticking Select All ticks every item in one change, and clearing it clears them', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Group initial={{ nausea: true }} spy={spy} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(spy).toHaveBeenLastCalledWith({ headache: true, nausea: true, dizziness: true });
    for (const name of ['Headache', 'Nausea', 'Dizziness']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(spy).toHaveBeenLastCalledWith({ headache: false, nausea: false, dizziness: false });
    for (const name of ['Headache', 'Nausea', 'Dizziness']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
  });

  it('one box reports only its own change', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Group spy={spy} />);
    await user.click(screen.getByRole('checkbox', { name: 'Nausea' }));
    expect(spy).toHaveBeenLastCalledWith({ nausea: true });
  });

  it('an empty group never shows Select All ticked', () => {
    render(<Group items={[]} />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select All' });
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toBeDisabled();
    expect(isEveryItemChecked([], {})).toBe(false);
  });

  it('has no Select All box unless asked', () => {
    render(<CheckboxGroup<Symptom> legend="Check all that apply" items={symptoms} values={{}} onChange={() => undefined} />);
    expect(screen.queryByRole('checkbox', { name: 'Select All' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('shows a required marker and an error on the group', () => {
    render(
      <CheckboxGroup<Symptom>
        legend="Language(s)"
        items={symptoms}
        values={{}}
        onChange={() => undefined}
        required
        error="Please choose at least one language"
      />,
    );
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose at least one language');
  });
});
