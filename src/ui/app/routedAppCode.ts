// The data router and every route: a chunk of its own, imported after the first paint of the login
// screen (FirstLoad.tsx) or, on any other address, before the first render (earlyStart.ts). Apart
// from the screens' loaders (screenLoaders.ts), which the routes themselves import.
import { screenCode } from './screenCode';

export const loadRoutedApp = screenCode(() => import('./RoutedApp').then((m) => m.RoutedApp));
