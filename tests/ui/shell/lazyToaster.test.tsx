// The toasts' code arrives after the first paint (src/ui/components/Toaster/toasts.ts): a toast
// asked for before the container is there shows once it is, and an outcome still replaces the
// loading toast it follows (docs/product/app-shell.md).
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToaster, toasts } from '../../../src/ui/components/Toaster';
import './harness';

describe('toasts asked for before their code arrived', () => {
  it('shows them once the container is drawn, a loading toast replaced by its outcome', async () => {
    const id = toasts.loading('Creating lead...');
    toasts.success('Lead created successfully', { id });
    toasts.error('Error fetching leads');
    render(<LazyToaster />);

    expect(await screen.findByText('Lead created successfully')).toBeInTheDocument();
    expect(screen.getByText('Error fetching leads')).toBeInTheDocument();
    expect(screen.queryByText('Creating lead...')).not.toBeInTheDocument();
  });

  it('keeps one toast for calls that share an id, and dismisses by it', async () => {
    render(<LazyToaster />);
    toasts.error('You must be logged in before taking any action.', { id: 'login-required' });
    toasts.error('You must be logged in before taking any action.', { id: 'login-required' });
    expect(await screen.findAllByText('You must be logged in before taking any action.')).toHaveLength(1);

    const loading = toasts.loading('Saving employee...');
    expect(await screen.findByText('Saving employee...')).toBeInTheDocument();
    toasts.dismiss(loading);
    // A dismissed toast leaves after its exit animation (a second).
    await waitFor(() => expect(screen.queryByText('Saving employee...')).not.toBeInTheDocument(), { timeout: 10_000 });
  });
});
