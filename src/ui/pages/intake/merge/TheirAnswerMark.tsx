// Beside a field both people changed: the answer the other person saved, to take or to leave
// (docs/product/intake-form.md, Someone else saved first). The intake machine holds the fields in
// `conflicts` and takes the choice; the form page provides both through MergeChoicesContext, so a
// field without a conflict (nearly all of them) renders nothing and subscribes to nothing.
import { createContext, useContext } from 'react';
import type { FieldPath } from '../../../../domain/intake';
import type { IntakeEvent } from '../../../../machines/intakeMachineTypes';
import { Button } from '../../../components/Button';
import { shownAnswer } from '../fields/shownAnswer';
import { MERGE_TEXT } from './mergeText';
import * as css from './merge.css';

type MergeChoice = Extract<IntakeEvent, { type: 'merge.useTheirs' | 'merge.keepMine' }>;

export interface MergeChoices {
  /** Their stored answer, by field path, for each field both changed. */
  theirs: Readonly<Partial<Record<string, unknown>>>;
  choose(choice: MergeChoice): void;
}

export const MergeChoicesContext = createContext<MergeChoices>({ theirs: {}, choose: () => {} });

const isEmpty = (value: unknown) => value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function TheirAnswerMark({ path }: { path: FieldPath }) {
  const { theirs, choose } = useContext(MergeChoicesContext);
  if (!(path in theirs)) return null;
  const answer = theirs[path];
  return (
    <small className={css.theirAnswer} data-origin="theirs">
      <span>{isEmpty(answer) ? MERGE_TEXT.theyLeftItEmpty : MERGE_TEXT.theySaved(shownAnswer(path, answer, MERGE_TEXT))}</span>
      <span className={css.choices}>
        <Button tone="secondary" size="sm" onClick={() => choose({ type: 'merge.useTheirs', path: path as MergeChoice['path'] })}>
          {MERGE_TEXT.useTheirs}
        </Button>
        <Button tone="secondary" size="sm" onClick={() => choose({ type: 'merge.keepMine', path: path as MergeChoice['path'] })}>
          {MERGE_TEXT.keepMine}
        </Button>
      </span>
    </small>
  );
}
