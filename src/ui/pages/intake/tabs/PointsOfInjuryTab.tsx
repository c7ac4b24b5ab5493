// Tab 4, Points of Injury and Impact (docs/product/intake-form.md): three groups of tick boxes, each with a
// Select All that sets or clears every item of its group. Not validated on submit (docs/product/intake-form.md).
import { IntakeTickGroup } from '../fields';
import { bodyPoints, impactPoints, symptomPoints } from '../../../../domain/intake/types';
import { bodyPointLabels, impactPointLabels, symptomPointLabels } from './intakeLabels';
import * as css from './tabLayout.css';

export function PointsOfInjuryTab() {
  return (
    <div className={css.grid}>
      <IntakeTickGroup base="pointsOfInjury" legend="Body Points" keys={bodyPoints} labels={bodyPointLabels} selectAll />
      <IntakeTickGroup base="pointsOfInjury" legend="Symptoms" keys={symptomPoints} labels={symptomPointLabels} selectAll />
      <IntakeTickGroup base="pointsOfInjury" legend="Vehicle Impact Points" keys={impactPoints} labels={impactPointLabels} selectAll />
    </div>
  );
}
