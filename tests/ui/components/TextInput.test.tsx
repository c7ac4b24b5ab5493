import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { charactersRemaining, TextInput, type TextInputProps } from '../../../src/ui/components/TextInput';

/** A parent that keeps the value, as a form (or a machine) would. */
function Controlled(props: Partial<TextInputProps> & { initial?: string; spy?: (value: string) => void }) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      label="Address"
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    />
  );
}

describe('TextInput', () => {
  it('ties the label to the input', () => {
    render(<Controlled />);
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeInTheDocument();
  });

  it("counts down 'N characters remaining' as the person types", async () => {
    const user = userEvent.setup();
    render(<Controlled maxLength={20} />);
    expect(screen.getByText('20 characters remaining')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Main St');
    expect(screen.getByText('13 characters remaining')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription('13 characters remaining');
    expect(charactersRemaining(13)).toBe('13 characters remaining');
  });

  it('cuts typed input at the limit', async () => {
    const user = userEvent.setup();
    render(<Controlled label="Reason" maxLength={5} />);
    const input = screen.getByRole('textbox', { name: 'Reason' });
    await user.type(input, 'speeding');
    expect(input).toHaveValue('speed');
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });

  it('cuts pasted input at the limit', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled label="Reason" maxLength={5} spy={spy} />);
    const input = screen.getByRole('textbox', { name: 'Reason' });
    await user.click(input);
    await user.paste('ran a red light');
    expect(input).toHaveValue('ran a');
    expect(spy.mock.calls.every(([value]) => String(value).length <= 5)).toBe(true);
  });

  it('cuts a formatted value at the limit, after formatting', async () => {
    const user = userEvent.setup();
    // A 3-2-4 grouping like the SSN field's: dashes count against the limit of 11.
    const groups = (text: string) => {
      const digits = text.replace(/\D/g, '').slice(0, 9);
      return [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)].filter(Boolean).join('-');
    };
    render(<Controlled label="SSN/ITIN" maxLength={11} format={groups} />);
    const input = screen.getByRole('textbox', { name: 'SSN/ITIN' });
    await user.click(input);
    await user.paste('1234567890123');
    expect(input).toHaveValue('123-45-6789');
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });

  it('marks a required label with a red asterisk and the input as required', () => {
    render(<Controlled label="First Name" required />);
    const input = screen.getByRole('textbox', { name: /First Name/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-required', 'true');
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label).toHaveTextContent('First Name*');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no asterisk when not required', () => {
    render(<Controlled label="Middle Name" />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Middle Name' })).not.toBeRequired();
  });

  it('shows the error under the field, announced, and marks the input invalid', () => {
    render(<Controlled label="First Name" error="Please enter your First Name" />);
    const input = screen.getByRole('textbox', { name: 'First Name' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter your First Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter your First Name');
    // The error comes after the input in reading order ("under the field").
    expect(input.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no alert and is not invalid without an error', () => {
    render(<Controlled label="First Name" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('is greyed out and not editable when disabled', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled label="How Many?" disabled initial="2" spy={spy} />);
    const input = screen.getByRole('textbox', { name: 'How Many?' });
    expect(input).toBeDisabled();
    await user.type(input, '5');
    expect(input).toHaveValue('2');
    expect(spy).not.toHaveBeenCalled();
  });

  it('passes type, placeholder, name and autocomplete to the input', () => {
    render(
      <TextInput
        label="Email"
        value=""
        onChange={() => undefined}
        type="email"
        placeholder="Email Address"
        name="email"
        autoComplete="username"
      />,
    );
    const input = screen.getByPlaceholderText('Email Address');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('autocomplete', 'username');
    expect(input).toHaveAccessibleName('Email');
  });
});
