import { useSelector } from '@xstate/react';
import { TextInput } from '../TextInput';
import type { PaginationActor } from './usePagination';

export interface PagedSearchBoxProps {
  actor: PaginationActor;
  /** Read by screen readers; the header shows the placeholder. */
  label: string;
  placeholder?: string;
  /** The contract's longest search text; longer typing is cut. */
  maxLength?: number;
}

/**
 * A page header's search box (docs/product/app-shell.md Shared layout): every keystroke goes to the
 * pagination actor, which applies the text after 2000 ms without typing (docs/product/app-shell.md Search).
 */
export function PagedSearchBox({ actor, label, placeholder = 'Search', maxLength }: PagedSearchBoxProps) {
  const value = useSelector(actor, (snapshot) => snapshot.context.typedSearch);
  return (
    <TextInput
      type="search"
      label={label}
      hideLabel
      placeholder={placeholder}
      value={value}
      // A cut instead of maxLength: maxLength would add a 'characters remaining' counter.
      format={maxLength === undefined ? undefined : (text) => text.slice(0, maxLength)}
      onChange={(text) => actor.send({ type: 'search.input', value: text })}
    />
  );
}
