export { FullPageLoader, PLEASE_WAIT } from './FullPageLoader';
