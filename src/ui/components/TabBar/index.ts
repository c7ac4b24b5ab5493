export { TabBar, TAB_ERROR_TEXT, tabElementId, type TabBarProps, type TabItem } from './TabBar';
