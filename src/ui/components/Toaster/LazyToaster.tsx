import { useEffect, useState, type ComponentType } from 'react';
import { loadToaster } from './toasts';

/**
 * The toast container, drawn once its code has arrived: fetched after the first paint, so the
 * login screen does not wait for it (toasts.ts). Toasts asked for meanwhile show when it is there.
 */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType>();
  useEffect(() => {
    let mounted = true;
    loadToaster().then(
      (arrived) => {
        if (mounted) setToaster(() => arrived);
      },
      (error: unknown) => console.error('The toast container could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
