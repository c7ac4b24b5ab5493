export { Pager, PAGER_TEXT, type PagerProps } from './Pager';
