import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useBlocker, type Blocker, type Location } from 'react-router-dom';
import { hasUnsavedChanges, type IntakeActor } from './intakeActor';

/**
 * Nothing typed is lost (docs/product/intake-form.md). While the machine says the form holds unsaved changes:
 * - moving to another page of the app waits for the user's answer (useBlocker: the page shows
 *   the 'Leave this page?' dialog and calls proceed or reset);
 * - closing or reloading the tab asks the browser's own question (beforeunload; browsers show
 *   their text, not ours).
 * The blocker asks the machine at the moment of navigating, so the move to '/intake-list' that a
 * successful submit emits (the form is saved, hence clean) is never held up; nor is a move that
 * keeps this form on screen (`keepsForm`: the address a new intake takes after its first save).
 * The machine writes its unsaved copy after a short quiet time; when the page is hidden or goes
 * away (tab switch, reload, close, a crash of the next task) that copy is written at once.
 */
export function useUnsavedChangesGuard(actor: IntakeActor, keepsForm: (next: Location) => boolean): Blocker {
  const dirty = useSelector(actor, hasUnsavedChanges);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !keepsForm(nextLocation) && hasUnsavedChanges(actor.getSnapshot()),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    const flush = () => actor.send({ type: 'unsavedCopy.flush' });
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [actor]);

  return blocker;
}
