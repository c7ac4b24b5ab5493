import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { decideConflicts, getConflictCheck, type ConflictCheck, type IntakeConflict } from '../../../../api/conflicts';
import { partyRoleLabels } from '../../../../domain/conflicts';
import { formatLocalDate, formatLocalDateTime } from '../../../../domain/dates';
import { canManageEmployees } from '../../../../domain/session';
import { conflictPanelMachine } from '../../../../machines/conflictPanel.machine';
import { useMachineActor } from '../../../app/inspect';
import { intakePath } from '../../../app/paths';
import { useSignedInPrivilege } from '../../../app/session';
import { Button } from '../../../components/Button';
import { RadioGroup } from '../../../components/RadioGroup';
import { TextArea } from '../../../components/TextArea';
import * as css from './ConflictPanel.css';

/** The panel's texts (docs/product/conflicts.md#on-the-intake-form). */
export const CONFLICT_TEXT = {
  title: 'Conflict check',
  loading: 'Checking for conflicts...',
  failed: 'The conflict check could not be loaded.',
  retry: 'Try again',
  checkAgain: 'Check again',
  none: 'No conflicts',
  pending: 'Decision needed',
  stale: 'The check has changed since the last decision; a new decision is needed.',
  record: 'Record decision',
  decisionLabel: 'Decision',
  cleared: 'Cleared',
  waived: "Waived (with the clients' informed consent)",
  note: 'Note',
  save: 'Save decision',
  cancel: 'Cancel',
} as const;

/** 'No conflicts', '1 potential conflict', '3 potential conflicts' (README, Decisions). */
export function conflictSummary(count: number): string {
  if (count === 0) return CONFLICT_TEXT.none;
  return `${count} potential conflict${count === 1 ? '' : 's'}`;
}

const decisionWords = { cleared: 'Cleared', waived: 'Waived' } as const;

/** The longest note the server keeps (openapi.yaml, ConflictDecisionRequest). */
const NOTE_LIMIT = 1000;

const appConflictPanelMachine = conflictPanelMachine.provide({
  actors: {
    loadCheck: fromPromise(({ input }) => getConflictCheck(input.caseId)),
    saveDecision: fromPromise(({ input }) => decideConflicts(input.caseId, { decision: input.decision, note: input.note })),
  },
});

type PanelActor = ReturnType<typeof useMachineActor<typeof appConflictPanelMachine>>;

/**
 * The conflict check of a stored intake, checked again after each save (`updatedAt`). Each answer
 * (a check or a decision) is told by its time (`onChecked`): the engagement beside it reads again
 * whether it may be sent (docs/product/engagement.md#screens).
 */
export function ConflictPanel({
  caseId,
  updatedAt,
  onChecked,
}: {
  caseId: string;
  updatedAt: string | null;
  onChecked?: (checkedAt: string) => void;
}) {
  const privilege = useSignedInPrivilege();
  const canDecide = privilege !== undefined && canManageEmployees(privilege);
  const panel = useMachineActor(appConflictPanelMachine, { input: { caseId, canDecide } });
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    seen.current = updatedAt;
    panel.send({ type: 'check.again' });
  }, [panel, updatedAt]);
  const checkedAt = useSelector(panel, (snapshot) => snapshot.context.check?.checkedAt ?? null);
  useEffect(() => {
    if (checkedAt !== null) onChecked?.(checkedAt);
  }, [checkedAt, onChecked]);

  return (
    <section className={css.panel} aria-labelledby="conflict-check-title">
      <h2 id="conflict-check-title" className={css.heading}>
        {CONFLICT_TEXT.title}
      </h2>
      <PanelBody panel={panel} />
    </section>
  );
}

function PanelBody({ panel }: { panel: PanelActor }) {
  const loading = useSelector(panel, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(panel, (snapshot) => snapshot.matches('failed'));
  const check = useSelector(panel, (snapshot) => snapshot.context.check);
  if (failed) {
    return (
      <div role="alert">
        <p className={css.line}>{CONFLICT_TEXT.failed}</p>
        <Button tone="secondary" onClick={() => panel.send({ type: 'check.retry' })}>
          {CONFLICT_TEXT.retry}
        </Button>
      </div>
    );
  }
  if (loading || !check) return <p role="status">{CONFLICT_TEXT.loading}</p>;
  return (
    <>
      <p className={css.summary} role="status">
        {conflictSummary(check.conflicts.length)}
      </p>
      {check.conflicts.length > 0 ? (
        <ul className={css.list} aria-label="Potential conflicts">
          {check.conflicts.map((conflict, index) => (
            <ConflictItem
              key={`${conflict.kind}-${conflict.party.role}-${conflict.other.caseId ?? conflict.other.leadId}-${index}`}
              conflict={conflict}
            />
          ))}
        </ul>
      ) : null}
      <DecisionLine check={check} />
      <DecisionForm panel={panel} />
    </>
  );
}

function ConflictItem({ conflict }: { conflict: IntakeConflict }) {
  const { party, other } = conflict;
  const otherName = other.clientName || 'Unnamed client';
  return (
    <li className={css.item}>
      <p className={css.line}>
        {party.name} ({partyRoleLabels[party.role].toLowerCase()} here) is the {partyRoleLabels[other.role].toLowerCase()} on{' '}
        {other.caseId ? (
          <Link to={intakePath({ caseId: other.caseId, status: other.status === 'final' ? 'final' : 'draft' })}>
            the intake of {otherName}
          </Link>
        ) : (
          <>the lead of {otherName}</>
        )}
      </p>
      <p className={css.muted}>{conflict.reason}</p>
      <p className={css.muted}>
        {other.status === 'lead' ? 'Lead' : other.status === 'final' ? 'Final' : 'Draft'} · created {formatLocalDate(other.date)}
      </p>
    </li>
  );
}

function DecisionLine({ check }: { check: ConflictCheck }) {
  const decision = check.decision;
  const made = decision
    ? `${decisionWords[decision.decision]} by ${decision.decidedBy} on ${formatLocalDateTime(decision.decidedAt)}: ${decision.note}`
    : null;
  if (check.status === 'pending') {
    return (
      <div className={css.decision}>
        <p className={css.line}>
          <strong>{CONFLICT_TEXT.pending}</strong>
        </p>
        {decision && !decision.current ? (
          <p className={css.muted}>
            {CONFLICT_TEXT.stale} Last decision: {made}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className={css.decision} data-testid="conflict-decision">
      {made}
    </p>
  );
}

function DecisionForm({ panel }: { panel: PanelActor }) {
  const canDecide = useSelector(panel, (snapshot) => snapshot.context.canDecide);
  const open = useSelector(panel, (snapshot) => snapshot.hasTag('form'));
  const busy = useSelector(panel, (snapshot) => snapshot.matches('submitting'));
  const decision = useSelector(panel, (snapshot) => snapshot.context.decision);
  const note = useSelector(panel, (snapshot) => snapshot.context.note);
  const error = useSelector(panel, (snapshot) => snapshot.context.error);
  if (!open) {
    return (
      <div className={css.buttons}>
        <Button tone="secondary" onClick={() => panel.send({ type: 'check.again' })}>
          {CONFLICT_TEXT.checkAgain}
        </Button>
        {canDecide ? <Button onClick={() => panel.send({ type: 'decision.start' })}>{CONFLICT_TEXT.record}</Button> : null}
      </div>
    );
  }
  return (
    <form
      aria-label={CONFLICT_TEXT.record}
      onSubmit={(event) => {
        event.preventDefault();
        panel.send({ type: 'decision.submit' });
      }}
    >
      <RadioGroup
        label={CONFLICT_TEXT.decisionLabel}
        name="conflict-decision"
        required
        direction="column"
        options={[
          { value: 'cleared' as const, label: CONFLICT_TEXT.cleared },
          { value: 'waived' as const, label: CONFLICT_TEXT.waived },
        ]}
        value={decision}
        disabled={busy}
        onChange={(value) => panel.send({ type: 'decision.choose', decision: value })}
      />
      <TextArea
        label={CONFLICT_TEXT.note}
        name="conflict-note"
        required
        maxLength={NOTE_LIMIT}
        value={note}
        disabled={busy}
        onChange={(value) => panel.send({ type: 'note.change', note: value })}
      />
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={css.buttons}>
        <Button type="submit" loading={busy} disabled={decision === null || note.trim() === ''}>
          {CONFLICT_TEXT.save}
        </Button>
        <Button tone="secondary" disabled={busy} onClick={() => panel.send({ type: 'decision.cancel' })}>
          {CONFLICT_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
