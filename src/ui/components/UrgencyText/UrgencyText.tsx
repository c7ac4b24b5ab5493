import type { ReactNode } from 'react';
import type { DeadlineUrgency } from '../../../domain/limitation';
import * as css from './UrgencyText.css';

/**
 * A deadline's words in the colour of its urgency (decided in src/domain/limitation.ts). The words
 * always say the date and the days left, so the colour is never the only sign.
 */
export function UrgencyText({ urgency, children, id }: { urgency: DeadlineUrgency; children: ReactNode; id?: string }) {
  return (
    <span id={id} className={css.urgency[urgency]} data-urgency={urgency}>
      {children}
    </span>
  );
}
