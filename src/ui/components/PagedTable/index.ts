export { PagedTable, type PagedTableProps } from './PagedTable';
export { PagedSearchBox, type PagedSearchBoxProps } from './PagedSearchBox';
export { usePagination, type Page, type PaginationActor } from './usePagination';
