import { Button } from '../../components/Button';
import * as layout from '../../theme/layout.css';
import { FIRM_TEXT } from './firmLabels';

/** What the firm screens show before the firm is there: the wait, or the failure and a retry. */
export function FirmLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) {
    return (
      <p className={layout.statusMessage} role="status">
        {FIRM_TEXT.loading}
      </p>
    );
  }
  return (
    <div className={layout.card}>
      <p className={layout.statusMessage}>{FIRM_TEXT.loadFailed}</p>
      <Button tone="secondary" onClick={onRetry}>
        {FIRM_TEXT.retry}
      </Button>
    </div>
  );
}
