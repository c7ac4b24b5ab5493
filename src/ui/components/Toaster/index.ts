export { AppToaster } from './Toaster';
