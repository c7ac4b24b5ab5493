import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from '../../../domain/constants';
import { vars } from '../../theme/vars.css';

/**
 * At most TOAST_LIMIT toasts on screen (docs/product/app-shell.md). react-hot-toast's own store cap drops
 * toasts without their exit animation and is not tied to our constant, so the oldest visible
 * toasts beyond the limit are dismissed here (the store lists the newest first).
 */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);
}

/** The one toast container of the app, with the spec's durations (docs/product/app-shell.md). */
export function AppToaster() {
  useToastLimit(TOAST_LIMIT);
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        style: { font: vars.font.body, color: vars.color.text, background: vars.color.surface },
        success: { duration: TOAST_SUCCESS_MS },
        error: { duration: TOAST_ERROR_MS },
      }}
    />
  );
}
