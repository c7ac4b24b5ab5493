// A screen's code, fetched on first use and known to be there once it has arrived. A lazy screen
// whose code is already there draws it at once (lazyScreen.tsx): a direct link's code is fetched
// before the first render (earlyStart.ts), and React, once it has shown a loading fallback, holds
// back what replaces it for at least 300 ms, so the page would have waited that long for nothing
// (docs/product/app-shell.md, Direct links).
import type { ComponentType } from 'react';

export interface ScreenCode {
  (): Promise<{ default: ComponentType }>;
  /** The screen, once its code has arrived. */
  readonly arrived: ComponentType | undefined;
}

export function screenCode(load: () => Promise<ComponentType>): ScreenCode {
  let arrived: ComponentType | undefined;
  const code = () =>
    load().then((screen) => {
      arrived = screen;
      return { default: screen };
    });
  return Object.defineProperty(code, 'arrived', { get: () => arrived }) as ScreenCode;
}
