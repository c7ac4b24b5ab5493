import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, PAGER_TEXT, type PagerProps } from '../../../src/ui/components/Pager';

function renderPager(props: Partial<PagerProps> = {}) {
  const handlers = { onFirst: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn(), onLast: vi.fn() };
  render(<Pager page={2} totalRecords={25} canGoBack canGoForward {...handlers} {...props} />);
  return handlers;
}

describe('Pager', () => {
  it('shows the current page number and the record count', () => {
    renderPager();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByText('25 records')).toBeInTheDocument();
    expect(PAGER_TEXT.page(2)).toBe('Page 2');
    expect(PAGER_TEXT.records(25)).toBe('25 records');
  });

  it('names its four controls for screen readers inside a pagination landmark', () => {
    renderPager();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('calls the handler of each control', async () => {
    const user = userEvent.setup();
    const handlers = renderPager();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(handlers.onFirst).toHaveBeenCalledOnce();
    expect(handlers.onPrevious).toHaveBeenCalledOnce();
    expect(handlers.onNext).toHaveBeenCalledOnce();
    expect(handlers.onLast).toHaveBeenCalledOnce();
  });

  it('disables first and previous when the caller says it cannot go back', async () => {
    const user = userEvent.setup();
    const handlers = renderPager({ page: 1, canGoBack: false, canGoForward: true });
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(handlers.onFirst).not.toHaveBeenCalled();
  });

  it('disables next and last when the caller says it cannot go forward', () => {
    renderPager({ page: 3, totalRecords: 25, canGoBack: true, canGoForward: false });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
  });

  it('follows the props rather than recomputing from the record count', () => {
    // 25 records on page 1 could go forward, but the machine said no (e.g. while loading).
    renderPager({ page: 1, totalRecords: 25, canGoBack: false, canGoForward: false });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('reads one record in the singular', () => {
    renderPager({ page: 1, totalRecords: 1, canGoBack: false, canGoForward: false });
    expect(screen.getByText('1 record')).toBeInTheDocument();
  });
});
