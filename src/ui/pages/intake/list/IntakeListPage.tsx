import { useNavigate } from 'react-router-dom';
import type { IntakeRow } from '../../../../api/intakes';
import { formatLocalDate } from '../../../../domain/dates';
import { Button } from '../../../components/Button';
import { PagedSearchBox, PagedTable, usePagination, type PaginationActor } from '../../../components/PagedTable';
import { PageHeader } from '../../../components/PageHeader';
import type { TableAction, TableColumn } from '../../../components/Table';
import { intakePath, paths } from '../../../app/paths';
import { useSignedInUser } from '../../../app/session';
import { intakePageLoader } from './intakeListActors';
import { STATUS_FILTER_LABEL, StatusFilter } from './StatusFilter';

/** docs/product/intake-list.md Intakes list: the texts, word for word. */
export const INTAKE_LIST_TEXT = {
  title: 'Intakes',
  newIntake: 'New Intake',
  unknownRepresentative: 'Unknown',
  edit: 'Edit',
  view: 'View',
  draft: 'Draft',
  final: 'Final',
} as const;

/** openapi.yaml: GET /v1/intake takes a search text of at most 100 characters. */
const SEARCH_MAX_LENGTH = 100;

function intakeColumns(list: PaginationActor): TableColumn<IntakeRow>[] {
  return [
    { key: 'clientName', header: 'Client Name', render: (row) => row.clientName },
    {
      key: 'representative',
      header: 'Representative',
      render: (row) => row.representativeName || INTAKE_LIST_TEXT.unknownRepresentative,
    },
    // Instants shown as the day they were where the user is (docs/product/intake-list.md: local dates).
    { key: 'createdAt', header: 'Date Created', render: (row) => formatLocalDate(row.createdAt) ?? '' },
    { key: 'updatedAt', header: 'Date Updated', render: (row) => formatLocalDate(row.updatedAt) ?? '' },
    {
      key: 'status',
      header: <StatusFilter actor={list} />,
      label: STATUS_FILTER_LABEL,
      render: (row) => (row.status === 'final' ? INTAKE_LIST_TEXT.final : INTAKE_LIST_TEXT.draft),
    },
  ];
}

/** /intake-list (docs/product/intake-list.md Intakes list screen). */
export function IntakeListPage() {
  const navigate = useNavigate();
  // Inside RequireSession the user is always there; '' only keeps the types honest.
  const userId = useSignedInUser()?.id ?? '';
  const list = usePagination(intakePageLoader(userId));

  const open = (row: IntakeRow) => void navigate(intakePath(row));
  const action: TableAction<IntakeRow> = {
    label: (row) => (row.status === 'draft' ? INTAKE_LIST_TEXT.edit : INTAKE_LIST_TEXT.view),
    onActivate: open,
  };

  return (
    <>
      <PageHeader title={INTAKE_LIST_TEXT.title}>
        <PagedSearchBox actor={list} label="Search intakes" maxLength={SEARCH_MAX_LENGTH} />
        <Button onClick={() => void navigate(paths.newIntake)}>{INTAKE_LIST_TEXT.newIntake}</Button>
      </PageHeader>
      <PagedTable<IntakeRow> actor={list} columns={intakeColumns(list)} getRowKey={(row) => row.caseId} onRowClick={open} action={action} />
    </>
  );
}
