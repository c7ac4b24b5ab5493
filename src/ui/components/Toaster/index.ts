// Not the container itself (Toaster.tsx): importing it here would bring react-hot-toast into the
// first download (toasts.ts).
export { LazyToaster } from './LazyToaster';
export { toasts } from './toasts';
