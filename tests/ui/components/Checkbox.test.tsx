import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox, CheckboxGroup, isEveryItemChecked, type CheckboxItem } from '../../../src/ui/components/Checkbox';

type Symptom = 'headache' | 'nausea' | 'dizziness';
const symptoms: CheckboxItem<Symptom>[] = [
  { key: 'headache', label: 'Headache' },
  { key: 'nausea', label: 'Nausea' },
  { key: 'dizziness', label: 'Dizziness' },
];

/** The boxes are controlled: their owner keeps each change they report, as a form does. */
function Group({ initial = {}, items = symptoms }: { initial?: Partial<Record<Symptom, boolean>>; items?: CheckboxItem<Symptom>[] }) {
  const [values, setValues] = useState(initial);
  return (
    <CheckboxGroup<Symptom>
      legend="Symptoms"
      items={items}
      values={values}
      selectAll
      onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
    />
  );
}

function OwnedCheckbox({ initial, disabled }: { initial: boolean; disabled?: boolean }) {
  const [checked, setChecked] = useState(initial);
  return <Checkbox label="Both" checked={checked} onChange={setChecked} disabled={disabled} />;
}

describe('Checkbox', () => {
  it('shows its label and state, and is ticked and unticked by a click', async () => {
    const user = userEvent.setup();
    render(<OwnedCheckbox initial={false} />);
    const box = screen.getByRole('checkbox', { name: 'Both' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
  });

  it('cannot be toggled when disabled', async () => {
    const user = userEvent.setup();
    render(<OwnedCheckbox initial disabled />);
    const box = screen.getByRole('checkbox', { name: 'Both' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await user.click(box);
    expect(box).toBeChecked();
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

  it('ticking Select All ticks every item, and clearing it clears them', async () => {
    const user = userEvent.setup();
    render(<Group initial={{ nausea: true }} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    for (const name of ['Headache', 'Nausea', 'Dizziness']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    for (const name of ['Headache', 'Nausea', 'Dizziness']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
  });

  it('a click on one box changes that box alone', async () => {
    const user = userEvent.setup();
    render(<Group initial={{ headache: true }} />);
    await user.click(screen.getByRole('checkbox', { name: 'Nausea' }));
    expect(screen.getByRole('checkbox', { name: 'Nausea' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Headache' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dizziness' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Headache' }));
    expect(screen.getByRole('checkbox', { name: 'Headache' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Nausea' })).toBeChecked();
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
