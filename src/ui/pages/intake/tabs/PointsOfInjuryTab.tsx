// Tab 4, Points of Injury and Impact (docs/product/intake-form.md#points-of-injury): three groups of
// tick boxes, each with a Select All that sets or clears every item of its group. Not validated on submit.
import { IntakeTickGroup } from '../fields';
import * as css from './tabLayout.css';

export function PointsOfInjuryTab() {
  return (
    <div className={css.grid}>
      <IntakeTickGroup group="bodyPoints" />
      <IntakeTickGroup group="symptoms" />
      <IntakeTickGroup group="impactPoints" />
    </div>
  );
}
