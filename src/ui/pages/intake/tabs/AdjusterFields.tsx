// 'PD Adjuster with phone and fax, BI Adjuster with phone and fax': the last six fields of tabs 2
// and 3 (docs/product/intake-form.md#adjusters). Each phone and fax names its adjuster, so every
// control has its own accessible name (the field catalogue's labels).
import { IntakeTextField } from '../fields';

type AdjusterSection = 'vehicleInformation' | 'defendantInformation';

export function AdjusterFields({ section }: { section: AdjusterSection }) {
  return (
    <>
      <IntakeTextField path={`${section}.pdAdjuster`} />
      <IntakeTextField path={`${section}.phone1`} />
      <IntakeTextField path={`${section}.fax1`} />
      <IntakeTextField path={`${section}.biAdjuster`} />
      <IntakeTextField path={`${section}.phone2`} />
      <IntakeTextField path={`${section}.fax2`} />
    </>
  );
}
