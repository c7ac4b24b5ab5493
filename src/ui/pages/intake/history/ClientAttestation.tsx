// What the client signed with their submit, under the 'Client submitted' row of the intake's
// history (docs/product/client-intake.md#the-page): the full name they typed, their consent, and
// when, from which address and which browser they sent it.
import type { ClientAttestation as Attestation } from '../../../../api/intakes';
import { formatLocalDateTime } from '../../../../domain/dates';
import * as css from './IntakeHistory.css';

export const ATTESTATION_TEXT = {
  signed: (fullName: string) => `Signed as "${fullName}", consent given`,
  sent: (at: string) => `Sent ${at}`,
  from: (address: string) => `from ${address}`,
  browser: (userAgent: string) => `Browser: ${userAgent}`,
} as const;

export function ClientAttestation({ attestation }: { attestation: Attestation }) {
  const { fullName, consentedAt, clientAddress, userAgent } = attestation;
  return (
    <>
      <p className={css.change}>{ATTESTATION_TEXT.signed(fullName)}</p>
      <p className={css.meta}>
        <time dateTime={consentedAt}>{ATTESTATION_TEXT.sent(formatLocalDateTime(consentedAt) ?? consentedAt)}</time>
        {clientAddress ? ` ${ATTESTATION_TEXT.from(clientAddress)}` : null}
      </p>
      {userAgent ? <p className={css.meta}>{ATTESTATION_TEXT.browser(userAgent)}</p> : null}
    </>
  );
}
