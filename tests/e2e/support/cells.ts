import type { Locator } from 'playwright-core';

/**
 * What each table cell says, as its column header's reader hears it: the value without the column
 * label that only a phone shows above it (aria-hidden; docs/product/app-shell.md).
 */
export function cellTexts(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.map((cell) => {
      const shown = cell.cloneNode(true) as HTMLElement;
      shown.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return shown.textContent ?? '';
    }),
  );
}
