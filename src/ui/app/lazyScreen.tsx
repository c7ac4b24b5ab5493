import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { LAZY_SCREEN_TIMEOUT_MS } from '../../domain/constants';
import { FullPageLoader } from '../components/FullPageLoader';
import { ScreenLoadError } from '../pages/errors/ScreenLoadError';
import type { ScreenCode } from './screenCode';

/** The screen's code did not arrive in time (docs/product/app-shell.md: lazy screen load time-out). */
export class ScreenLoadTimeoutError extends Error {
  override readonly name = 'ScreenLoadTimeoutError';
  constructor(timeoutMs: number) {
    super(`The screen did not load within ${timeoutMs} ms`);
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface LoadBoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface LoadBoundaryState {
  error?: Error;
}

/** Catches a failed or timed-out screen load and offers to try again. */
class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  override state: LoadBoundaryState = {};

  static getDerivedStateFromError(error: Error): LoadBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ScreenLoadError timedOut={error instanceof ScreenLoadTimeoutError} onRetry={this.retry} />;
  }
}

/**
 * A screen whose code loads on first use (docs/product/app-shell.md: leads list, firm and firm edit load
 * lazily; every screen but login does here, to keep the first download small). While it loads,
 * the full-page 'Please wait ...' overlay shows; after `timeoutMs` an error with a retry button
 * replaces it instead of a spinner that never ends. Code that has already arrived (fetched before,
 * screenCode.ts) is drawn at once, without the overlay.
 */
export function lazyScreen(load: ScreenCode, timeoutMs: number = LAZY_SCREEN_TIMEOUT_MS): ComponentType {
  const createLazy = () => lazy(() => withTimeout(load(), timeoutMs));
  // Module level, so that a screen loaded once renders at once the next time it is opened. React
  // remembers a failed lazy load for good, so a retry needs a new lazy component.
  let Screen = createLazy();

  function LazyScreen() {
    const [, setAttempt] = useState(0);
    // Chosen once: swapping the lazy wrapper for the arrived screen later would remount it.
    const [Arrived] = useState(() => load.arrived);
    const retry = () => {
      Screen = createLazy();
      setAttempt((attempt) => attempt + 1);
    };
    return (
      <LoadBoundary onRetry={retry}>
        <Suspense fallback={<FullPageLoader />}>{Arrived ? <Arrived /> : <Screen />}</Suspense>
      </LoadBoundary>
    );
  }
  return LazyScreen;
}
