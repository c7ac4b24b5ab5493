// 'PD Adjuster with phone and fax, BI Adjuster with phone and fax': the last six fields of tabs 2
// and 3 (docs/product/intake-form.md). Each phone and fax names its adjuster, so every control has its own
// accessible name.
import { IntakeTextField } from '../fields';
import { defendantRequirements, vehicleRequirements } from './conditionalRequirements';

type AdjusterSection = 'vehicleInformation' | 'defendantInformation';

const requirementsOf = {
  vehicleInformation: vehicleRequirements,
  defendantInformation: defendantRequirements,
} as const;

export function AdjusterFields({ section }: { section: AdjusterSection }) {
  const when = requirementsOf[section];
  return (
    <>
      <IntakeTextField path={`${section}.pdAdjuster`} label="PD Adjuster" required={when.pdAdjuster} />
      <IntakeTextField path={`${section}.phone1`} label="PD Adjuster phone" type="tel" required={when.pdContact} />
      <IntakeTextField path={`${section}.fax1`} label="PD Adjuster fax" type="tel" required={when.pdContact} />
      <IntakeTextField path={`${section}.biAdjuster`} label="BI Adjuster" required={when.biAdjuster} />
      <IntakeTextField path={`${section}.phone2`} label="BI Adjuster phone" type="tel" required={when.biContact} />
      <IntakeTextField path={`${section}.fax2`} label="BI Adjuster fax" type="tel" required={when.biContact} />
    </>
  );
}
