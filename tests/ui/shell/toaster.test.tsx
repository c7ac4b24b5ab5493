import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from '../../../src/domain/constants';
import { AppToaster } from '../../../src/ui/components/Toaster/Toaster';
import './harness';

// After a toast's time is up it leaves with a short exit animation before it is removed.
const EXIT_MS = 1000;

/** Moves the clock past a toast's time, then past its exit, letting React render in between. */
async function waitOut(ms: number) {
  await act(async () => vi.advanceTimersByTime(ms));
  await act(async () => vi.advanceTimersByTime(EXIT_MS + 10));
}

describe('toasts (docs/product/app-shell.md)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a success toast 2 s and an error toast 4 s', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Profile updated successfully');
      toast.error('Failed to update user data');
    });
    expect(screen.getByText('Profile updated successfully')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(TOAST_SUCCESS_MS - 10));
    expect(screen.getByText('Profile updated successfully')).toBeInTheDocument();

    await waitOut(10);
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to update user data')).toBeInTheDocument();

    // The clock is at 2 s + exit; the error toast stays until 4 s.
    await act(async () => vi.advanceTimersByTime(TOAST_ERROR_MS - TOAST_SUCCESS_MS - EXIT_MS - 20));
    expect(screen.getByText('Failed to update user data')).toBeInTheDocument();
    await waitOut(10);
    expect(screen.queryByText('Failed to update user data')).not.toBeInTheDocument();
  });

  it('shows at most 20 toasts at once, dropping the oldest', async () => {
    render(<AppToaster />);
    act(() => {
      for (let index = 1; index <= TOAST_LIMIT + 5; index += 1) toast.success(`Lead ${index} created`);
    });
    await waitOut(0);

    expect(screen.getAllByText(/^Lead \d+ created$/)).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText(`Lead ${TOAST_LIMIT + 5} created`)).toBeInTheDocument();
    expect(screen.queryByText('Lead 1 created')).not.toBeInTheDocument();
  });
});
