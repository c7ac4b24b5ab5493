export { Layout, SIDEBAR_ID, type LayoutProps } from './Layout';
