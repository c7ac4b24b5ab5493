import * as css from './Pager.css';

/** The pager's exact texts (docs/product/intake-form.md "Reusable table", docs/product/intake-form.md "Pager"). */
export const PAGER_TEXT = {
  navigation: 'Pagination',
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  page: (page: number) => `Page ${page}`,
  records: (count: number) => (count === 1 ? '1 record' : `${count} records`),
} as const;

export interface PagerProps {
  page: number;
  totalRecords: number;
  /**
   * Whether first/previous and next/last may run: the caller reads them from the pagination
   * machine's can(...), so the rules of docs/product/app-shell.md live in one place.
   */
  canGoBack: boolean;
  canGoForward: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
}

export function Pager({ page, totalRecords, canGoBack, canGoForward, onFirst, onPrevious, onNext, onLast }: PagerProps) {
  return (
    <nav className={css.pager} aria-label={PAGER_TEXT.navigation}>
      <div className={css.controls}>
        <PagerButton label={PAGER_TEXT.first} symbol="«" enabled={canGoBack} onClick={onFirst} />
        <PagerButton label={PAGER_TEXT.previous} symbol="‹" enabled={canGoBack} onClick={onPrevious} />
        {/* Announced politely so a screen reader hears where a page button led. */}
        <span className={css.page} aria-live="polite" aria-atomic="true">
          {PAGER_TEXT.page(page)}
        </span>
        <PagerButton label={PAGER_TEXT.next} symbol="›" enabled={canGoForward} onClick={onNext} />
        <PagerButton label={PAGER_TEXT.last} symbol="»" enabled={canGoForward} onClick={onLast} />
      </div>
      <p className={`${css.status} ${css.records}`}>{PAGER_TEXT.records(totalRecords)}</p>
    </nav>
  );
}

interface PagerButtonProps {
  label: string;
  symbol: string;
  enabled: boolean;
  onClick: () => void;
}

function PagerButton({ label, symbol, enabled, onClick }: PagerButtonProps) {
  return (
    <button type="button" className={css.control} aria-label={label} title={label} disabled={!enabled} onClick={onClick}>
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}
