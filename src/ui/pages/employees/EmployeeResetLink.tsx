// 'Password reset' on Edit Employee (docs/product/sign-in-and-session.md, Password reset): an owner
// or administrator makes a link for the employee and hands it over. Drawn from the
// employeeResetLink machine's states alone.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { makePasswordResetLink } from '../../../api/passwordReset';
import { passwordResetTexts } from '../../../domain/texts';
import { employeeResetLinkMachine } from '../../../machines/employeeResetLink.machine';
import { useMachineActor } from '../../app/inspect';
import { Button } from '../../components/Button';
import * as layout from '../../theme/layout.css';

const appEmployeeResetLinkMachine = employeeResetLinkMachine.provide({
  actors: {
    makeLink: fromPromise(({ input }: { input: string }) => makePasswordResetLink(input)),
    copyText: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
});

export function EmployeeResetLink({ employeeId }: { employeeId: string }) {
  const actor = useMachineActor(appEmployeeResetLinkMachine, { input: { employeeId } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const link = useSelector(actor, (snapshot) => snapshot.context.link);
  const copied = useSelector(actor, (snapshot) => snapshot.context.copied);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const inputId = useId();
  return (
    <section className={layout.card} aria-labelledby="employee-password-reset">
      <h2 id="employee-password-reset" className={layout.sectionTitle}>
        {passwordResetTexts.sectionTitle}
      </h2>
      <p>{passwordResetTexts.sectionPrompt}</p>
      {link && (
        <div>
          <label htmlFor={inputId}>{passwordResetTexts.linkLabel}</label>
          <input id={inputId} readOnly value={link.url} style={{ width: '100%' }} onFocus={(event) => event.target.select()} />
          <p role="status">{copied ? passwordResetTexts.copied : ''}</p>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      <div className={layout.formButtons}>
        {link && (
          <Button tone="secondary" onClick={() => actor.send({ type: 'link.copy' })}>
            {passwordResetTexts.copy}
          </Button>
        )}
        <Button tone={link ? 'secondary' : 'primary'} loading={busy} onClick={() => actor.send({ type: 'link.make' })}>
          {passwordResetTexts.makeLink}
        </Button>
      </div>
    </section>
  );
}
