import { useSelector } from '@xstate/react';
import { intakeTexts } from '../../../../domain/texts';
import { Button } from '../../../components/Button';
import { acceptsEvent, inMode, isSaving, type IntakeActor } from './intakeActor';
import { INTAKE_FORM_TEXT } from './intakeFormText';
import * as css from './intakeForm.css';

/**
 * Back, Next (Submit on the last tab) and the save button of the mode (docs/product/intake-form.md): 'Save As
 * Draft' in create mode, 'Save Changes' in edit mode, none when read-only. The bar sticks to the
 * bottom of the window, so saving never means scrolling to the end of a long tab, and it says
 * how many fields need attention while the intake shows errors (docs/product/intake-form.md, Button bar). The machine answers
 * every "may I" through `can` (saving and submitting through acceptsEvent, the same answer without
 * validating on every keystroke); the page only shows the answer.
 */
export function IntakeFormButtons({ actor }: { actor: IntakeActor }) {
  const readOnly = useSelector(actor, (snapshot) => snapshot.hasTag('readOnly'));
  const canGoBack = useSelector(actor, (snapshot) => snapshot.can({ type: 'tab.back' }));
  const canGoNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'tab.next' }));
  const canSubmit = useSelector(actor, (snapshot) => acceptsEvent(snapshot, 'final.submit'));
  const submitting = useSelector(actor, (snapshot) => isSaving(snapshot, 'final'));
  const canSave = useSelector(actor, (snapshot) => acceptsEvent(snapshot, 'draft.save'));
  const savingDraft = useSelector(actor, (snapshot) => isSaving(snapshot, 'draft'));
  const createMode = useSelector(actor, (snapshot) => inMode(snapshot, 'create'));
  const errorCount = useSelector(actor, (snapshot) => Object.keys(snapshot.context.errors).length);
  // The last tab is where Next has nowhere to go; outside a read-only form, Submit takes its place.
  const showSubmit = !readOnly && !canGoNext && (canSubmit || submitting);

  return (
    <div className={css.buttons} role="group" aria-label={INTAKE_FORM_TEXT.buttonsLabel}>
      {/* Always there, so that its text is announced when it appears. */}
      <p role="status" className={css.attention}>
        {errorCount > 0 ? intakeTexts.fieldsNeedAttention(errorCount) : ''}
      </p>
      <div className={css.buttonGroup}>
        <Button tone="secondary" disabled={!canGoBack} onClick={() => actor.send({ type: 'tab.back' })}>
          {INTAKE_FORM_TEXT.back}
        </Button>
        {showSubmit ? (
          <Button loading={submitting} disabled={!canSubmit} onClick={() => actor.send({ type: 'final.submit' })}>
            {INTAKE_FORM_TEXT.submit}
          </Button>
        ) : (
          <Button disabled={!canGoNext} onClick={() => actor.send({ type: 'tab.next' })}>
            {INTAKE_FORM_TEXT.next}
          </Button>
        )}
      </div>
      {!readOnly && (
        <Button tone="secondary" loading={savingDraft} disabled={!canSave} onClick={() => actor.send({ type: 'draft.save' })}>
          {createMode ? INTAKE_FORM_TEXT.saveAsDraft : INTAKE_FORM_TEXT.saveChanges}
        </Button>
      )}
    </div>
  );
}
