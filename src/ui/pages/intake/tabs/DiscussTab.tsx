// Tab 7, To Discuss with Client (docs/product/intake-form.md#to-discuss-with-client): two groups,
// each with a Select All that shows ticked only when every item of the (non-empty) group is. Not
// validated on submit.
import { IntakeTickGroup } from '../fields';
import * as css from './tabLayout.css';

export function DiscussTab() {
  return (
    <div className={css.grid}>
      <IntakeTickGroup group="discussionTopics" />
      <IntakeTickGroup group="checklist" />
    </div>
  );
}
