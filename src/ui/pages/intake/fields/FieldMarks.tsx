// What may stand under a field besides its own error: the client's answer ('From client',
// docs/product/client-intake.md#staff-review) and the answer someone else saved meanwhile
// (docs/product/intake-form.md, Someone else saved first). Each renders nothing for a field it
// has nothing to say about.
import type { FieldPath } from '../../../../domain/intake';
import { FromClientMark } from '../clientLink/FromClientMark';
import { TheirAnswerMark } from '../merge/TheirAnswerMark';

export function FieldMarks({ path }: { path: FieldPath }) {
  return (
    <>
      <FromClientMark path={path} />
      <TheirAnswerMark path={path} />
    </>
  );
}
