import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TEXT_AREA_DEFAULT_LIMIT } from '../../../src/domain/constants';
import { TextArea, type TextAreaProps } from '../../../src/ui/components/TextArea';

function Controlled(props: Partial<TextAreaProps> & { initial?: string; spy?: (value: string) => void }) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <TextArea
      label="Describe all pain/symptoms experienced"
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    />
  );
}

const name = 'Describe all pain/symptoms experienced';

describe('TextArea', () => {
  it('allows 180 characters by default', () => {
    render(<Controlled />);
    expect(TEXT_AREA_DEFAULT_LIMIT).toBe(180);
    expect(screen.getByText('180 characters remaining')).toBeInTheDocument();
  });

  it('counts down as the person types', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByRole('textbox', { name }), 'Neck pain');
    expect(screen.getByText('171 characters remaining')).toBeInTheDocument();
  });

  it('blocks the Enter key', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const area = screen.getByRole('textbox', { name });
    await user.type(area, 'first{Enter}second');
    expect(area).toHaveValue('firstsecond');
    // fireEvent returns false when a handler called preventDefault: the browser adds no line.
    expect(fireEvent.keyDown(area, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(area, { key: 'a' })).toBe(true);
  });

  it('removes newlines from pasted text', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const area = screen.getByRole('textbox', { name });
    await user.click(area);
    await user.paste('Headache\nDizziness\r\nNausea');
    expect(area).toHaveValue('HeadacheDizzinessNausea');
  });

  it('pastes at the caret, keeping the text around it', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="Left  pain" />);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name });
    await user.click(area);
    area.setSelectionRange(5, 5);
    await user.paste('knee\n');
    expect(area).toHaveValue('Left knee pain');
  });

  it('cuts typed input at the default limit', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={'a'.repeat(178)} />);
    const area = screen.getByRole('textbox', { name });
    await user.type(area, 'bcdef');
    expect(area).toHaveValue(`${'a'.repeat(178)}bc`);
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });

  it('cuts pasted input at the limit, after removing newlines', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled maxLength={10} spy={spy} />);
    const area = screen.getByRole('textbox', { name });
    await user.click(area);
    await user.paste('abcde\nfghijklmn');
    expect(area).toHaveValue('abcdefghij');
    expect(spy).toHaveBeenLastCalledWith('abcdefghij');
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
  });

  it('shows required marker and error like the text input', () => {
    render(<Controlled required error="Please describe the pain" />);
    const area = screen.getByRole('textbox', { name });
    expect(area).toHaveAttribute('aria-required', 'true');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please describe the pain');
  });

  it('is not editable when disabled', async () => {
    const user = userEvent.setup();
    render(<Controlled disabled initial="kept" />);
    const area = screen.getByRole('textbox', { name });
    expect(area).toBeDisabled();
    await user.type(area, 'more');
    expect(area).toHaveValue('kept');
  });
});
