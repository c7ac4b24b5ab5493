import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../api/users';
import { formatLongUsDate } from '../../../domain/dates';
import { privilegeLabels, ssnStatusLabels } from '../../../domain/enums';
import { fullName, maskSsn } from '../../../domain/formatters';
import { Button } from '../../components/Button';
import { PLEASE_WAIT } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { currentUserLogic } from './currentUser';
import * as layout from '../../theme/layout.css';
import * as css from './ProfilePage.css';
import { civilStatusLabels, genderLabels, labelOf } from './userLabels';
import { useMachineActor } from '../../app/inspect';
import { RevealButton, useReveal, useShownNumber, type RevealActor } from '../../components/Reveal';
import { revealOwnNumbers } from './profileActors';
import { paths } from '../../app/paths';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

/** docs/product/people.md Profile: the fallback texts, word for word. */
export const PROFILE_FALLBACKS = {
  name: 'Name not available',
  phone: 'Phone number not available',
  civilStatus: 'Civil status not available',
  gender: 'Gender not available',
  birthDate: 'Birthdate not available',
  ssn: 'SSN not available',
  ssnStatus: 'SSN Status not available',
  itin: 'ITIN not available',
} as const;

export const PROFILE_LOAD_FAILED = 'Your profile could not be loaded. Check your connection and try again.';

/** /profile (docs/product/people.md, Profile). */
export function ProfilePage() {
  // A new key starts a new load: the load actor runs once per mount.
  const [attempt, setAttempt] = useState(0);
  return <ProfileLoader key={attempt} onRetry={() => setAttempt((count) => count + 1)} />;
}

function ProfileLoader({ onRetry }: { onRetry: () => void }) {
  const navigate = useNavigate();
  const loader = useMachineActor(currentUserLogic);
  const result = useSelector(loader, (snapshot) => snapshot.output);

  return (
    <>
      <PageHeader title="User Profile">
        <Button onClick={() => void navigate(paths.editProfile)}>Edit</Button>
      </PageHeader>
      {result === undefined && (
        <p className={layout.statusMessage} role="status">
          {PLEASE_WAIT}
        </p>
      )}
      {result?.loaded === false && (
        <div role="alert">
          <p className={layout.statusMessage}>{PROFILE_LOAD_FAILED}</p>
          <Button tone="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {result?.loaded && <ProfileDetails user={result.user} />}
    </>
  );
}

function Detail({ term, value, fallback }: { term: string; value: string | null | undefined; fallback: string }) {
  return (
    <div>
      <dt className={layout.detailTerm}>{term}</dt>
      <dd className={layout.detailValue}>{value || fallback}</dd>
    </div>
  );
}

/** SSN or ITIN: masked as the server sends it, in full after 'Show' (docs/product/people.md#ssn-and-itin). */
function NumberDetail({
  term,
  value,
  fallback,
  reveal,
  userId,
  numberKey,
}: {
  term: string;
  value: string | null | undefined;
  fallback: string;
  reveal: RevealActor;
  userId: string;
  numberKey: 'ssn' | 'itin';
}) {
  const shown = useShownNumber(reveal, numberKey, maskSsn(value));
  return (
    <div>
      <dt className={layout.detailTerm}>{term}</dt>
      <dd className={layout.detailValue}>
        {shown || fallback}
        {value && <RevealButton actor={reveal} subject={userId} what={term} />}
      </dd>
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const info = user.userInformation;
  const reveal = useReveal(revealOwnNumbers);
  return (
    <>
      <section className={layout.card} aria-label="Contact">
        <h2 className={css.name}>{fullName(user) ?? PROFILE_FALLBACKS.name}</h2>
        <span className={css.privilege}>{privilegeLabels[user.privilege]}</span>
        <p className={css.contact}>{user.email}</p>
        <p className={css.contact}>{info.phoneNumber || PROFILE_FALLBACKS.phone}</p>
      </section>
      <section className={layout.card} aria-labelledby="profile-basic-info">
        <h2 id="profile-basic-info" className={layout.sectionTitle}>
          Basic Info
        </h2>
        <dl className={css.details}>
          <Detail term="Civil Status" value={labelOf(civilStatusLabels, info.civilStatus)} fallback={PROFILE_FALLBACKS.civilStatus} />
          <Detail term="Gender" value={labelOf(genderLabels, info.gender)} fallback={PROFILE_FALLBACKS.gender} />
          <Detail term="Birthdate" value={formatLongUsDate(info.birthDate)} fallback={PROFILE_FALLBACKS.birthDate} />
        </dl>
      </section>
      <section className={layout.card} aria-labelledby="profile-additional-info">
        <h2 id="profile-additional-info" className={layout.sectionTitle}>
          Additional Info
        </h2>
        <dl className={css.details}>
          {/* The server sends only the last four digits; 'Show' asks for the rest, on purpose. */}
          <NumberDetail term="SSN" value={info.ssn} fallback={PROFILE_FALLBACKS.ssn} reveal={reveal} userId={user.id} numberKey="ssn" />
          <Detail term="SSN Status" value={labelOf(ssnStatusLabels, info.ssnStatus)} fallback={PROFILE_FALLBACKS.ssnStatus} />
          <NumberDetail term="ITIN" value={info.itin} fallback={PROFILE_FALLBACKS.itin} reveal={reveal} userId={user.id} numberKey="itin" />
        </dl>
      </section>
      <TwoFactorSection />
      <PasskeysSection />
    </>
  );
}
