import { within } from '@testing-library/react';

/**
 * What each cell of a table row says, as the column header's reader hears it: the value without
 * the column label that only a phone shows above it (aria-hidden; docs/product/app-shell.md).
 */
export function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const shown = cell.cloneNode(true) as HTMLElement;
      shown.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return shown.textContent ?? '';
    });
}
