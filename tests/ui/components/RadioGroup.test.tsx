import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, YES_NO_OPTIONS } from '../../../src/ui/components/RadioGroup';

function YesNo({
  initial = null,
  spy,
  ...rest
}: {
  initial?: boolean | null;
  spy?: (value: boolean) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const [value, setValue] = useState<boolean | null>(initial);
  return (
    <RadioGroup<boolean>
      label="Hospitalized?"
      options={YES_NO_OPTIONS}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
      {...rest}
    />
  );
}

describe('RadioGroup', () => {
  it('groups its options under the label and starts unanswered when the value is null', () => {
    render(<YesNo />);
    const group = screen.getByRole('radiogroup', { name: 'Hospitalized?' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
  });

  it('checks the chosen option and hands back its typed value', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<YesNo spy={spy} />);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(spy).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(spy).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
  });

  it('shows a stored false answer as No, not as unanswered', () => {
    render(<YesNo initial={false} />);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('works with string values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RadioGroup<'Male' | 'Female'>
        label="Gender"
        options={[
          { value: 'Male', label: 'Male' },
          { value: 'Female', label: 'Female' },
        ]}
        value="Male"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect(onChange).toHaveBeenCalledWith('Female');
  });

  it('shows the required marker and the error message', () => {
    render(<YesNo required error="Please select an answer" />);
    const group = screen.getByRole('radiogroup', { name: /Hospitalized\?/ });
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an answer');
    expect(group).toHaveAccessibleDescription('Please select an answer');
  });

  it('cannot be changed when disabled', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<YesNo disabled spy={spy} />);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });
});
