import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { visuallyHidden } from '../TextInput/field.css';
import { useFieldIds } from '../TextInput/FieldParts';
import * as field from '../TextInput/field.css';
import * as css from './TabBar.css';

/** Read after the name of a tab whose fields failed validation. */
export const TAB_ERROR_TEXT = ' (has errors)';

export interface TabItem {
  id: string;
  name: string;
  href?: string;
  hasError?: boolean;
}

export interface TabBarProps {
  tabs: readonly TabItem[];
  current: string;
  onSelect: (id: string) => void;
  /** Names the tab list and labels the small-screen select. */
  label: string;
  /** Id of the element that shows the current tab's content (aria-controls). */
  panelId?: string;
  id?: string;
}

/** The DOM id of a tab, so the panel can point back at it with aria-labelledby. */
export function tabElementId(tabBarId: string, tabId: string): string {
  return `${tabBarId}-tab-${tabId}`;
}

export function TabBar({ tabs, current, onSelect, label, panelId, id }: TabBarProps) {
  const ids = useFieldIds(id);
  const tabElements = useRef(new Map<string, HTMLElement>());

  function moveTo(index: number) {
    const target = tabs[(index + tabs.length) % tabs.length];
    if (!target) return;
    onSelect(target.id);
    tabElements.current.get(target.id)?.focus();
  }

  // WAI-ARIA tabs pattern with automatic activation: switching a tab is instant here.
  function handleKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  }

  function handleClick(event: MouseEvent<HTMLElement>, tabId: string) {
    // A tab with an href stays a real link (open in a new window, copy address), but a plain
    // click switches in place and lets the caller decide about the address.
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (modified) return;
    event.preventDefault();
    onSelect(tabId);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={css.tabList}>
        {tabs.map((tab, index) => {
          const selected = tab.id === current;
          const common = {
            id: tabElementId(ids.control, tab.id),
            role: 'tab',
            'aria-selected': selected,
            'aria-controls': panelId,
            // Roving focus: Tab enters the list at the chosen tab, arrows move within it.
            tabIndex: selected ? 0 : -1,
            className: css.tab({ selected, invalid: tab.hasError === true }),
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => handleKeyDown(event, index),
            onClick: (event: MouseEvent<HTMLElement>) => handleClick(event, tab.id),
            ref: (element: HTMLElement | null) => {
              if (element) tabElements.current.set(tab.id, element);
              else tabElements.current.delete(tab.id);
            },
          } as const;
          const content = (
            <>
              {tab.name}
              {tab.hasError && (
                <>
                  {/* The space stays outside the hidden span: name computation trims inside it. */}{' '}
                  <span className={css.errorMark} aria-hidden="true">
                    !
                  </span>
                  <span className={visuallyHidden}>{TAB_ERROR_TEXT.trim()}</span>
                </>
              )}
            </>
          );
          return tab.href ? (
            <a key={tab.id} href={tab.href} {...common}>
              {content}
            </a>
          ) : (
            <button key={tab.id} type="button" {...common}>
              {content}
            </button>
          );
        })}
      </div>
      <div className={css.selectWrapper}>
        <label htmlFor={`${ids.control}-select`} className={field.label}>
          {label}
        </label>
        <select
          id={`${ids.control}-select`}
          className={field.control({ invalid: tabs.some((tab) => tab.id === current && tab.hasError) })}
          value={current}
          onChange={(event) => onSelect(event.currentTarget.value)}
        >
          {tabs.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.hasError ? `${tab.name}${TAB_ERROR_TEXT}` : tab.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
