export { Layout, SIDEBAR_ID, type LayoutProps, type LayoutSection } from './Layout';
