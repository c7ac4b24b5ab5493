import { RouterProvider } from 'react-router-dom';
import { AppFrame } from './AppFrame';
import type { AppRouter } from './routes';
import type { SessionLogic } from './sessionActors';

interface AppProps {
  router: AppRouter;
  /** The session machine with its actors provided; tests pass one with fake actors. */
  sessionLogic?: SessionLogic;
}

/**
 * The whole client with a given router: one session actor, the routes and the toasts. The browser
 * starts through FirstLoad (main.tsx), which ends in the same frame and routes.
 */
export function App({ router, sessionLogic }: AppProps) {
  return (
    <AppFrame sessionLogic={sessionLogic}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
