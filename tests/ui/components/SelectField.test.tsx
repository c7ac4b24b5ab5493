import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from '../../../src/ui/components/DateInput';
import { SelectField } from '../../../src/ui/components/SelectField';

const civilStatuses = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
] as const;

describe('SelectField', () => {
  it('is labelled, shows the chosen option and reports the typed value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectField label="Civil Status" options={civilStatuses} value="single" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Civil Status' });
    expect(select).toHaveDisplayValue('Single');
    await user.selectOptions(select, 'Married');
    expect(onChange).toHaveBeenCalledWith('married');
  });

  it('shows the placeholder while nothing is chosen', () => {
    render(<SelectField label="Privilege" options={civilStatuses} value="" placeholder="Choose one" onChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Privilege' })).toHaveDisplayValue('Choose one');
  });

  it('shows required marker and error', () => {
    render(
      <SelectField
        label="Civil Status"
        options={civilStatuses}
        value=""
        onChange={() => undefined}
        required
        error="Civil status is required"
      />,
    );
    const select = screen.getByRole('combobox', { name: /Civil Status/ });
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Civil status is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Civil status is required');
  });

  it('is disabled when asked', () => {
    render(<SelectField label="Civil Status" options={civilStatuses} value="single" onChange={() => undefined} disabled />);
    expect(screen.getByRole('combobox', { name: 'Civil Status' })).toBeDisabled();
  });
});

describe('DateInput', () => {
  it('is labelled, holds YYYY-MM-DD and limits the latest day', () => {
    const onChange = vi.fn();
    render(<DateInput label="Birth Date" value="1990-04-05" max="2025-01-31" onChange={onChange} />);
    const input = screen.getByLabelText('Birth Date');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('1990-04-05');
    expect(input).toHaveAttribute('max', '2025-01-31');
    fireEvent.change(input, { target: { value: '1991-12-24' } });
    expect(onChange).toHaveBeenCalledWith('1991-12-24');
  });

  it('shows required marker and error, and can be disabled', () => {
    render(<DateInput label="Birth Date" value="" onChange={() => undefined} required disabled error="Birth date is required" />);
    const input = screen.getByLabelText(/Birth Date/);
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Birth date is required');
  });
});
