import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { intakeToasts } from '../../../app/factToasts';
import { paths } from '../../../app/paths';
import { useToastEvents } from '../../../app/useToastEvents';
import type { IntakeActor } from './intakeActor';

/**
 * What the intake machine's facts mean on screen besides toasts: a final submit goes to the intake
 * list, Back and Next scroll to the top (docs/product/intake-form.md). A draft kept in create mode
 * is handed to `onDraftKept` with its caseId (the page names it in the address). The machine
 * decides when; the page only carries it out, so a submit, which leaves the form, never renames
 * the address it left.
 */
export function useIntakeFormEvents(actor: IntakeActor, onDraftKept: (caseId: string) => void): void {
  const navigate = useNavigate();
  useToastEvents(actor, intakeToasts);
  useEffect(() => {
    const subscriptions = [
      actor.on('saved', ({ as, caseId }) => {
        if (as === 'final') void navigate(paths.intakeList);
        else if (as === 'draft') onDraftKept(caseId);
      }),
      actor.on('tabMoved', () => window.scrollTo({ top: 0 })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate, onDraftKept]);
}
