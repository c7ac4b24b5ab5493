import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabBar, type TabItem } from '../../../src/ui/components/TabBar';

const tabs: TabItem[] = [
  { id: 'personal', name: 'Client Personal Information' },
  { id: 'vehicle', name: 'Client Vehicle Information', hasError: true },
  { id: 'defendant', name: 'Defendant Personal and Vehicle Information' },
];

function Tabs({ spy, items = tabs }: { spy?: (id: string) => void; items?: TabItem[] }) {
  const [current, setCurrent] = useState('personal');
  return (
    <TabBar
      label="Intake sections"
      tabs={items}
      current={current}
      onSelect={(id) => {
        spy?.(id);
        setCurrent(id);
      }}
    />
  );
}

describe('TabBar', () => {
  it('renders a tab list with the current tab selected', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist', { name: 'Intake sections' });
    const all = within(list).getAllByRole('tab');
    expect(all).toHaveLength(3);
    expect(within(list).getByRole('tab', { name: 'Client Personal Information' })).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveAttribute('aria-selected', 'false');
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Tabs spy={spy} />);
    await user.click(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' }));
    expect(spy).toHaveBeenCalledWith('defendant');
    expect(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const vehicle = screen.getByRole('tab', { name: /Client Vehicle Information/ });
    expect(vehicle).toHaveFocus();
    expect(vehicle).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveAttribute('aria-selected', 'true');
  });

  it('only the selected tab is in the Tab order', () => {
    render(<Tabs />);
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveAttribute('tabindex', '-1');
  });

  it('marks a tab with errors visibly and in its accessible name', () => {
    render(<Tabs />);
    const vehicle = screen.getByRole('tab', { name: 'Client Vehicle Information (has errors)' });
    expect(within(vehicle).getByText('!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Client Personal Information' })).not.toHaveTextContent('!');
  });

  it('also renders a select for small screens that picks the same tabs', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Tabs spy={spy} />);
    const select = screen.getByRole('combobox', { name: 'Intake sections' });
    expect(select).toHaveDisplayValue('Client Personal Information');
    expect(within(select).getByRole('option', { name: 'Client Vehicle Information (has errors)' })).toBeInTheDocument();
    await user.selectOptions(select, 'defendant');
    expect(spy).toHaveBeenCalledWith('defendant');
    expect(screen.getByRole('tab', { name: 'Defendant Personal and Vehicle Information' })).toHaveAttribute('aria-selected', 'true');
  });

  it('renders tabs with an href as links that still switch in place', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(
      <Tabs
        spy={spy}
        items={[
          { id: 'personal', name: 'Personal', href: '#personal' },
          { id: 'vehicle', name: 'Vehicle', href: '#vehicle' },
        ]}
      />,
    );
    const vehicle = screen.getByRole('tab', { name: 'Vehicle' });
    expect(vehicle).toHaveAttribute('href', '#vehicle');
    await user.click(vehicle);
    expect(spy).toHaveBeenCalledWith('vehicle');
  });
});
