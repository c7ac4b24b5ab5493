import { RouterProvider } from 'react-router-dom';
import { AppToaster } from '../components/Toaster';
import { inspectOptions } from './inspect';
import type { AppRouter } from './routes';
import { SessionContext } from './session';
import { appSessionMachine, type SessionLogic } from './sessionActors';

interface AppProps {
  router: AppRouter;
  /** The session machine with its actors provided; tests pass one with fake actors. */
  sessionLogic?: SessionLogic;
}

/** The whole client: one session actor for the app, the router and the toast container. */
export function App({ router, sessionLogic = appSessionMachine }: AppProps) {
  return (
    <SessionContext.Provider logic={sessionLogic} options={inspectOptions()}>
      <RouterProvider router={router} />
      <AppToaster />
    </SessionContext.Provider>
  );
}
