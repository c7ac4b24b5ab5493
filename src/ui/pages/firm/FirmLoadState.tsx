import { Button } from '../../components/Button';
import * as css from './firm.css';
import { FIRM_TEXT } from './firmLabels';

/** What the firm screens show before the firm is there: the wait, or the failure and a retry. */
export function FirmLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) {
    return (
      <p className={css.message} role="status">
        {FIRM_TEXT.loading}
      </p>
    );
  }
  return (
    <div className={css.card}>
      <p className={css.message}>{FIRM_TEXT.loadFailed}</p>
      <Button tone="secondary" onClick={onRetry}>
        {FIRM_TEXT.retry}
      </Button>
    </div>
  );
}
