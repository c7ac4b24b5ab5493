// The app's toast calls. react-hot-toast (about 5 KB compressed) is fetched after the login screen
// is drawn, not with it (docs/product/app-shell.md, Lazy screens: the first download at most
// 100 KB); a toast asked for before it arrives shows once it is there, in the order asked.
import type { ComponentType } from 'react';

type Library = typeof import('react-hot-toast');

let library: Promise<Library> | undefined;

/** react-hot-toast, fetched once; a failed fetch is tried again by the next toast. */
function loadLibrary(): Promise<Library> {
  library ??= import('react-hot-toast').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

/** The toast container (Toaster.tsx), which loads react-hot-toast with it. */
export const loadToaster = (): Promise<ComponentType> => import('./Toaster').then((module) => module.AppToaster);

/** A loading toast's id is chosen here, not by react-hot-toast, so that it is known before the library has arrived. */
let made = 0;

function whenLoaded(show: (toast: Library['default']) => void): void {
  loadLibrary().then(
    ({ default: toast }) => show(toast),
    (error: unknown) => console.error('The toasts could not be loaded', error),
  );
}

export interface ToastOptions {
  /** Toasts with the same id replace each other. */
  id?: string;
}

export const toasts = {
  /** A toast that stays until a success or error with its id replaces it; returns that id. */
  loading(text: string, { id = `toast-${(made += 1)}` }: ToastOptions = {}): string {
    whenLoaded((toast) => toast.loading(text, { id }));
    return id;
  },
  success(text: string, options: ToastOptions = {}): void {
    whenLoaded((toast) => toast.success(text, options));
  },
  error(text: string, options: ToastOptions = {}): void {
    whenLoaded((toast) => toast.error(text, options));
  },
  dismiss(id: string): void {
    whenLoaded((toast) => toast.dismiss(id));
  },
};
