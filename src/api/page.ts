// One page of a list as the browser's pager takes it (docs/product/intake-list.md Pagination): the
// rows and the count of every row matching the query. Each list answers its rows under its own key
// (`data`, `data.record`); its fetcher hands them over in this one shape.
export interface Page<Row> {
  rows: Row[];
  totalRecords: number;
}
