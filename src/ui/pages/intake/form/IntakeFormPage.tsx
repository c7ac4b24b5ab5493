import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useMachineActor } from '../../../app/inspect';
import { intakeFormPath } from '../../../app/paths';
import { useSignedInUser } from '../../../app/session';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { browserSessionStorage, readUnsavedCopy } from './unsavedCopy';
import { appIntakeMachine, inForm, inMode, type IntakeActor, type IntakeRouteMode } from './intakeActor';
import { IntakeFormContext } from './intakeFieldBinding';
import { IntakeFormButtons } from './IntakeFormButtons';
import { LeaveConfirmDialog, SaveConfirmDialog } from './IntakeFormDialogs';
import { LoadState, RestoreOffer } from './IntakeFormNotices';
import { INTAKE_FORM_TEXT } from './intakeFormText';
import { IntakeTabs } from './IntakeTabs';
import { PdfButtons } from '../pdf/PdfButtons';
import { IntakeHistory } from '../history/IntakeHistory';
import { ConflictPanel } from '../conflicts/ConflictPanel';
import { ClientLinkButton } from '../clientLink/ClientLinkDialog';
import { EngagementPanel } from '../engagement/EngagementPanel';
import { ClientAnswersContext, useClientAnswers } from '../clientLink/FromClientMark';
import { PdfPreview } from '../pdf/PdfPreviewModal';
import { ConflictsNotice, ReloadConfirmDialog, StaleNotice, useMergeChoices } from '../merge/MergeNotices';
import { MergeChoicesContext } from '../merge/TheirAnswerMark';
import { useIntakeFormEvents } from './useIntakeFormEvents';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import * as css from './intakeForm.css';

const routeModes: readonly IntakeRouteMode[] = ['create', 'edit', 'view'];

function isRouteMode(mode: string): mode is IntakeRouteMode {
  return routeModes.some((known) => known === mode);
}

/**
 * /new-intake (a blank intake in create mode) and /intake-details/:mode/:caseId, mode create, edit
 * or view; any other mode is not a page (docs/product/intake-form.md). Both addresses render this
 * one element, so the move from /new-intake to the saved draft's address keeps the form.
 */
export function IntakeFormPage() {
  const { mode = 'create', caseId } = useParams();
  const location = useLocation();
  if (!isRouteMode(mode)) return <NotFoundPage />;
  // A new address is a new form (one machine per intake and mode, and a fresh one per visit to
  // /new-intake), except the address a form gave itself after its first save.
  const formKey = keptFormKey(location.state) ?? (caseId ? `${mode}/${caseId}` : `new/${location.key}`);
  return <IntakeForm key={formKey} formKey={formKey} mode={mode} caseId={caseId} />;
}

/** The history state of an address a form gave itself: that form stays on screen. */
interface KeptForm {
  intakeFormKey: string;
}

function keptFormKey(state: unknown): string | undefined {
  const key = typeof state === 'object' && state !== null ? (state as Partial<KeptForm>).intakeFormKey : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** What this user typed into this intake before a reload and never saved. */
function unsavedCopyOf(userId: string, caseId: string | undefined) {
  const storage = browserSessionStorage();
  return storage ? readUnsavedCopy(storage, { userId, caseId: caseId ?? null }) : null;
}

function IntakeForm({ formKey, mode, caseId }: { formKey: string; mode: IntakeRouteMode; caseId: string | undefined }) {
  // Inside RequireSession the user is always there; '' only keeps the types honest.
  const userId = useSignedInUser()?.id ?? '';
  // Read once: the machine takes its input when it starts, and storage is not read per render.
  const [input] = useState(() => ({ mode, caseId, userId, unsavedCopy: unsavedCopyOf(userId, caseId) }));
  const actor = useMachineActor(appIntakeMachine, { input });
  useIntakeFormEvents(actor, useAddressNamesKeptDraft(caseId, formKey));
  const blocker = useUnsavedChangesGuard(actor, (next) => keptFormKey(next.state) === formKey);
  const [route] = useState(() => ({ mode, caseId }));
  const clientAnswers = useClientAnswers(route);
  const mergeChoices = useMergeChoices(actor);

  return (
    <ClientAnswersContext.Provider value={clientAnswers}>
      <MergeChoicesContext.Provider value={mergeChoices}>
        <IntakeFormContext.Provider value={actor}>
          <IntakeTitle actor={actor} mode={mode} />
          <LoadState actor={actor} />
          <RestoreOffer actor={actor} />
          <StaleNotice actor={actor} />
          <ConflictsNotice actor={actor} />
          <IntakeFormBody actor={actor} />
          <SaveConfirmDialog actor={actor} />
          <ReloadConfirmDialog actor={actor} />
          <LeaveConfirmDialog blocker={blocker} />
          <PdfPreview actor={actor} />
        </IntakeFormContext.Provider>
      </MergeChoicesContext.Provider>
    </ClientAnswersContext.Provider>
  );
}

/**
 * After the first Save As Draft of a new intake, the address becomes /intake-details/create/{caseId}
 * (still create mode), so that a reload reopens this intake and offers what was typed since, which
 * is kept under its caseId, instead of a blank /new-intake. The form on screen stays: same tab,
 * nothing reloaded (docs/product/intake-form.md). Only a kept draft renames the address: a submit
 * goes to the list and stays there.
 */
function useAddressNamesKeptDraft(routeCaseId: string | undefined, formKey: string): (caseId: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (caseId: string) => {
      if (routeCaseId !== undefined) return;
      const state: KeptForm = { intakeFormKey: formKey };
      void navigate(intakeFormPath('create', caseId), { replace: true, state });
    },
    [navigate, routeCaseId, formKey],
  );
}

/** The route's title; an intake that opened read-only (a final one, docs/product/intake-form.md) says so. */
function IntakeTitle({ actor, mode }: { actor: IntakeActor; mode: IntakeRouteMode }) {
  const viewing = useSelector(actor, (snapshot) => inForm(snapshot, 'viewing'));
  return <PageHeader title={INTAKE_FORM_TEXT.titles[viewing ? 'view' : mode]} />;
}

/**
 * The tabs and buttons, once there is an intake to show: not while it loads or failed to, nor
 * while the restore offer waits for an answer (typing then would be overwritten by a restore).
 */
function IntakeFormBody({ actor }: { actor: IntakeActor }) {
  const shown = useSelector(actor, (snapshot) => snapshot.matches({ lifecycle: 'ready' }) && !inForm(snapshot, 'offeringRestore'));
  // A stored draft in edit mode may be sent to the client (docs/product/client-intake.md#the-link).
  const draftCaseId = useSelector(actor, (snapshot) =>
    inMode(snapshot, 'edit') && !snapshot.hasTag('readOnly') && snapshot.context.intake.status === 'draft'
      ? snapshot.context.intake.caseId
      : null,
  );
  // A stored intake has an engagement to send and sign (docs/product/engagement.md#screens).
  const storedCaseId = useSelector(actor, (snapshot) => (inMode(snapshot, 'create') ? null : snapshot.context.intake.caseId));
  const caseId = useSelector(actor, (snapshot) => snapshot.context.intake.caseId);
  const updatedAt = useSelector(actor, (snapshot) => snapshot.context.intake.updatedAt);
  // When the conflict check was last answered: the engagement reads again whether it may be sent.
  const [conflictsCheckedAt, setConflictsCheckedAt] = useState<string | null>(null);
  if (!shown) return null;
  return (
    <>
      <div className={css.toolbar}>
        {storedCaseId ? <EngagementPanel caseId={storedCaseId} conflictsCheckedAt={conflictsCheckedAt} /> : null}
        <IntakeHistory actor={actor} />
        {draftCaseId ? <ClientLinkButton caseId={draftCaseId} /> : null}
        <PdfButtons actor={actor} />
      </div>
      {/* Every stored intake shows its conflict check (docs/product/conflicts.md#on-the-intake-form). */}
      {caseId ? <ConflictPanel key={caseId} caseId={caseId} updatedAt={updatedAt} onChecked={setConflictsCheckedAt} /> : null}
      <IntakeTabs actor={actor} />
      <IntakeFormButtons actor={actor} />
    </>
  );
}
