export { Logo } from './Logo';
