import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_SCREEN_TIMEOUT_MS } from '../../../src/domain/constants';
import { lazyScreen } from '../../../src/ui/app/lazyScreen';
import { screenCode } from '../../../src/ui/app/screenCode';

type Loaded = { default: () => React.JSX.Element };

function page(title: string): Loaded {
  return { default: () => <h1>{title}</h1> };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazily loaded screens (docs/product/app-shell.md)', () => {
  it("shows the full-page 'Please wait ...' overlay until the screen arrives", async () => {
    let arrive: (loaded: Loaded) => void = () => undefined;
    const Screen = lazyScreen(screenCode(() => new Promise<Loaded>((resolve) => (arrive = resolve)).then((loaded) => loaded.default)));
    render(<Screen />);

    expect(screen.getByRole('status')).toHaveTextContent('Please wait ...');

    await act(async () => arrive(page('Leads')));
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(screen.queryByText('Please wait ...')).not.toBeInTheDocument();
  });

  it('gives up after 120 s with an error and a retry button instead of spinning forever', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    let attempts = 0;
    const Screen = lazyScreen(
      screenCode(() => {
        attempts += 1;
        return attempts === 1 ? new Promise<Loaded['default']>(() => undefined) : Promise.resolve(page('Firm').default);
      }),
    );
    render(<Screen />);

    await act(async () => vi.advanceTimersByTime(LAZY_SCREEN_TIMEOUT_MS - 1));
    expect(screen.getByText('Please wait ...')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('This screen is taking too long to load');
    expect(screen.queryByText('Please wait ...')).not.toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Firm' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('offers the same retry when the screen fails to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const Screen = lazyScreen(
      screenCode(() => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : Promise.resolve(page('Edit Firm').default);
      }),
    );
    render(<Screen />);

    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Edit Firm' })).toBeInTheDocument();
  });

  it('shows a screen loaded before at once, without the overlay', async () => {
    const Screen = lazyScreen(screenCode(() => Promise.resolve(page('Intakes').default)));
    const first = render(<Screen />);
    expect(await screen.findByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    first.unmount();

    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Intakes' })).toBeInTheDocument();
    expect(screen.queryByText('Please wait ...')).not.toBeInTheDocument();
  });

  it('draws a screen whose code arrived before its first render at once, without the overlay (a direct link)', async () => {
    const code = screenCode(() => Promise.resolve(page('Dashboard').default));
    const Screen = lazyScreen(code);
    expect(code.arrived).toBeUndefined();
    await code();

    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Please wait ...')).not.toBeInTheDocument();
  });

  it('still shows the overlay while code fetched early has not arrived', async () => {
    let arrive: () => void = () => undefined;
    // One download, as a module imported twice is fetched once.
    const download = new Promise<Loaded['default']>((resolve) => (arrive = () => resolve(page('Leads').default)));
    const code = screenCode(() => download);
    const Screen = lazyScreen(code);
    const arriving = code();

    render(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait ...');
    await act(async () => {
      arrive();
      await arriving;
    });
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeInTheDocument();
  });
});
