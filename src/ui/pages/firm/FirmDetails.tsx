import { secondFactorTexts } from '../../../domain/texts';
import type { ReactNode } from 'react';
import type { Firm } from '../../../api/firm';
import { limitationPeriodText } from '../../../domain/limitation';
import * as layout from '../../theme/layout.css';
import * as css from './firm.css';
import { FIRM_TEXT, maskedApiKey, neosStatus } from './firmLabels';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className={layout.detailTerm}>{term}</dt>
      <dd className={css.definition}>{children}</dd>
    </div>
  );
}

export function NeosStatus({ firm }: { firm: Firm }) {
  return <span className={firm.isNeosIntegrated ? css.connected : css.notConnected}>{neosStatus(firm)}</span>;
}

/** The Neos connection: whether it is on and, when it is, which account (the key masked). */
export function NeosDetails({ firm }: { firm: Firm }) {
  const credentials = firm.isNeosIntegrated ? firm.neosCredentials : null;
  return (
    <dl className={css.details}>
      <Detail term="Neos">
        <NeosStatus firm={firm} />
      </Detail>
      {credentials && (
        <>
          <Detail term="Company Id">{credentials.companyId}</Detail>
          <Detail term="API Key">{maskedApiKey(credentials.apiKeyLastFour)}</Detail>
          <Detail term="Integration Id">{credentials.integrationId}</Detail>
        </>
      )}
    </dl>
  );
}

/** The firm record (docs/product/firm-and-neos.md Firm). */
export function FirmDetails({ firm }: { firm: Firm }) {
  return (
    <dl className={css.details}>
      <Detail term="Firm Name">{firm.firmName || FIRM_TEXT.notProvided}</Detail>
      <Detail term="Contact">{firm.firmContact || FIRM_TEXT.notProvided}</Detail>
      <Detail term="Email">{firm.firmMail || FIRM_TEXT.notProvided}</Detail>
      <Detail term="Address">{firm.firmAddress || FIRM_TEXT.notProvided}</Detail>
      <Detail term="Limitation Period">{limitationPeriodText(firm.limitationYears)}</Detail>
      <Detail term={secondFactorTexts.requireLabel}>{firm.requireSecondFactor ? 'Yes' : 'No'}</Detail>
    </dl>
  );
}
