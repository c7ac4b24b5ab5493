export {
  Table,
  TABLE_ACTION_HEADER,
  TABLE_EMPTY_TEXT,
  TABLE_LOADING_TEXT,
  type TableAction,
  type TableColumn,
  type TableProps,
} from './Table';
