import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { profileFormToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { useNavigate } from 'react-router-dom';
import { useSessionActor, useSignedInUser } from '../../app/session';
import { useReveal } from '../../components/Reveal';
import { Button } from '../../components/Button';
import { PLEASE_WAIT } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { appProfileFormMachine, revealOwnNumbers } from './profileActors';
import * as layout from '../../theme/layout.css';
import { fieldId, UserFormFields } from './UserFormFields';
import { useMachineActor } from '../../app/inspect';

export const PROFILE_FORM_LOAD_FAILED = 'Your profile could not be loaded, so it cannot be edited yet.';

/** /edit-profile (docs/product/people.md Edit Profile, docs/product/people.md Profile update). */
export function EditProfilePage() {
  const navigate = useNavigate();
  const session = useSessionActor();
  const form = useMachineActor(appProfileFormMachine);
  const loading = useSelector(form, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(form, (snapshot) => snapshot.matches('loadFailed'));
  const busy = useSelector(form, (snapshot) => snapshot.hasTag('busy'));
  const userId = useSignedInUser()?.id;
  const reveal = useReveal(revealOwnNumbers);

  useToastEvents(form, profileFormToasts);

  useEffect(() => {
    const subscriptions = [
      form.on('invalid', ({ field }) => document.getElementById(fieldId(field))?.focus()),
      form.on('saved', ({ session: grant }) => {
        // The new token carries the new names, so the whole app shows them at once.
        session.send({ type: 'session.tokenRefreshed', token: grant.token, expiresIn: grant.expiresIn });
        void navigate(paths.profile);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, session, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  }

  return (
    <>
      <PageHeader title="Edit Profile" />
      {loading && (
        <p className={layout.statusMessage} role="status">
          {PLEASE_WAIT}
        </p>
      )}
      {loadFailed && (
        <div role="alert">
          <p className={layout.statusMessage}>{PROFILE_FORM_LOAD_FAILED}</p>
          <Button tone="secondary" onClick={() => form.send({ type: 'profile.reload' })}>
            Try again
          </Button>
        </div>
      )}
      {!loading && !loadFailed && (
        <form className={layout.panel} noValidate onSubmit={submit} aria-label="Edit Profile">
          <UserFormFields actor={form} passwordRequired={false} reveal={userId ? { actor: reveal, userId } : undefined} />
          <div className={layout.formButtons}>
            <Button tone="secondary" onClick={() => void navigate(paths.profile)} disabled={busy}>
              Discard
            </Button>
            <Button type="submit" loading={busy}>
              Save Changes
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
