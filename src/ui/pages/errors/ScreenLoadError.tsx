import { Button } from '../../components/Button';
import * as css from './errors.css';

interface ScreenLoadErrorProps {
  /** The screen's code did not arrive within LAZY_SCREEN_TIMEOUT_MS (docs/product/app-shell.md). */
  timedOut: boolean;
  onRetry: () => void;
}

/** Shown instead of a screen whose code failed or took too long to load, so nothing spins forever. */
export function ScreenLoadError({ timedOut, onRetry }: ScreenLoadErrorProps) {
  return (
    <div className={css.centred} role="alert">
      <h1 className={css.title}>{timedOut ? 'This screen is taking too long to load' : 'This screen could not be loaded'}</h1>
      <p className={css.text}>Check your internet connection, then try again.</p>
      <div className={css.actions}>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}
