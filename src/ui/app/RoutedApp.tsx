// The data router and every route: a chunk of its own, imported after the first paint of the
// login screen (FirstLoad.tsx).
import { RouterProvider } from 'react-router-dom';
import { createAppRouter, type AppRouter } from './routes';

let router: AppRouter | undefined;

/** The browser's routed app (inside AppFrame). */
export function RoutedApp() {
  // Created once, outside React's state, as React Router recommends for data routers; at the first
  // render rather than at import, so that it starts from the address the first load moved to.
  router ??= createAppRouter();
  return <RouterProvider router={router} />;
}
