import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { errorsByTab } from '../../../../domain/intake/schemas';
import { intakeTabs } from '../../../../domain/intake/tabs';
import { TabBar, tabElementId } from '../../../components/TabBar';
import { tabComponents } from '../tabs/tabComponents';
import type { IntakeActor } from './intakeActor';
import { INTAKE_FORM_TEXT } from './intakeFormText';
import * as css from './intakeForm.css';
import { useIntakeFormFocus } from './useIntakeFormFocus';

/**
 * One character per tab, '1' when the tab holds an error: a string, so that the tab bar re-renders
 * only when a mark appears or goes, not on every keystroke.
 */
function errorMarks(errors: Record<string, string>): string {
  const byTab = errorsByTab(errors);
  return intakeTabs.map((tab) => (Object.keys(byTab[tab.id]).length > 0 ? '1' : '0')).join('');
}

/** The seven tabs of docs/product/intake-form.md, the current one from the machine, and its fields. */
export function IntakeTabs({ actor }: { actor: IntakeActor }) {
  const tabBarId = useId();
  const panelId = `${tabBarId}-panel`;
  const currentIndex = useSelector(actor, (snapshot) => snapshot.context.currentTab);
  const marks = useSelector(actor, (snapshot) => errorMarks(snapshot.context.errors));
  const current = intakeTabs[currentIndex] ?? intakeTabs[0];
  const CurrentTab = tabComponents[current.id];
  const panel = useRef<HTMLElement>(null);
  useIntakeFormFocus(actor, panel);

  return (
    <>
      <TabBar
        id={tabBarId}
        label={INTAKE_FORM_TEXT.tabsLabel}
        panelId={panelId}
        tabs={intakeTabs.map((tab, index) => ({ id: tab.id, name: tab.name, hasError: marks[index] === '1' }))}
        current={current.id}
        onSelect={(id) => actor.send({ type: 'tab.select', index: intakeTabs.findIndex((tab) => tab.id === id) })}
      />
      {/* tabIndex -1: a read-only tab has no field, and the panel takes the focus after Next instead. */}
      <section
        ref={panel}
        id={panelId}
        role="tabpanel"
        tabIndex={-1}
        aria-labelledby={tabElementId(tabBarId, current.id)}
        className={css.panel}
      >
        <CurrentTab />
      </section>
    </>
  );
}
