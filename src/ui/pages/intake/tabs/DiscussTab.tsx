// Tab 7, To Discuss with Client (docs/product/intake-form.md): two groups, each with a Select All that shows
// ticked only when every item of the (non-empty) group is. Not validated on submit (docs/product/intake-form.md).
import { checklistItems, discussionTopics } from '../../../../domain/intake/types';
import { IntakeTickGroup } from '../fields';
import { checklistItemLabels, discussionTopicLabels } from './intakeLabels';
import * as css from './tabLayout.css';

export function DiscussTab() {
  return (
    <div className={css.grid}>
      <IntakeTickGroup
        base="checklist"
        legend="Topics to Discuss with Client"
        keys={discussionTopics}
        labels={discussionTopicLabels}
        selectAll
      />
      <IntakeTickGroup base="checklist" legend="Checklist" keys={checklistItems} labels={checklistItemLabels} selectAll />
    </div>
  );
}
