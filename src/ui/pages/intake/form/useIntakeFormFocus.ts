import { useEffect, useState, type RefObject } from 'react';
import type { IntakeActor } from './intakeActor';

/** Where focus goes after the render that follows a fact: the tab's first field, or its first field in error. */
type FocusTarget = 'firstField' | 'firstInvalid';

const enabledControl = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** The control to focus for `target` inside the tab panel; an error on a group (radios, ticks) focuses its first box. */
function controlFor(panel: HTMLElement, target: FocusTarget): HTMLElement | null {
  if (target === 'firstField') return panel.querySelector<HTMLElement>(enabledControl);
  const invalid = panel.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid || invalid.matches(enabledControl)) return invalid;
  return invalid.querySelector<HTMLElement>(enabledControl);
}

/**
 * docs/product/intake-form.md, Button bar: Back and Next put focus on the new tab's first field;
 * a refused save or submit puts it on the first field in error (on the tab the machine moved to).
 * The machine says what happened (`tabMoved`, `refused`); the focus waits for the render that
 * shows the new tab. A read-only tab has no field to take focus: the panel takes it instead.
 */
export function useIntakeFormFocus(actor: IntakeActor, panel: RefObject<HTMLElement | null>): void {
  // A new object per fact, so the same target twice in a row still moves focus.
  const [request, setRequest] = useState<{ target: FocusTarget } | null>(null);

  useEffect(() => {
    const subscriptions = [
      actor.on('tabMoved', () => setRequest({ target: 'firstField' })),
      actor.on('refused', (fact) => {
        if (fact.reason === 'incomplete' || fact.reason === 'draftIncomplete') setRequest({ target: 'firstInvalid' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);

  useEffect(() => {
    const element = panel.current;
    if (!request || !element) return;
    const control = controlFor(element, request.target) ?? element;
    control.focus({ preventScroll: true });
    // Centred, so that the bar at the bottom of the window does not cover it.
    control.scrollIntoView({ block: 'center' });
  }, [request, panel]);
}
