import { useNavigate } from 'react-router-dom';
import type { LeadRow } from '../../../api/leads';
import { formatLocalDate, formatLongUsDate } from '../../../domain/dates';
import { fullName } from '../../../domain/formatters';
import { Button } from '../../components/Button';
import { PagedSearchBox, PagedTable, usePagination } from '../../components/PagedTable';
import { leadListToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { PageHeader } from '../../components/PageHeader';
import type { TableColumn } from '../../components/Table';
import { intakePath, paths } from '../../app/paths';
import { loadLeads } from './leadActors';
import * as css from './leads.css';

/**
 * The spec leaves the leads list's content and its load error open (docs/product/leads.md); these
 * are our texts.
 */
export const LEADS_TEXT = {
  noIntake: 'No intake',
  draft: 'Draft',
  final: 'Final',
} as const;

/** openapi.yaml: GET /v1/leads takes a search text of at most 100 characters. */
const SEARCH_MAX_LENGTH = 100;

function intakeStatusLabel(row: LeadRow): string {
  if (row.intakeId === null || row.intakeStatus === null) return LEADS_TEXT.noIntake;
  return row.intakeStatus === 'final' ? LEADS_TEXT.final : LEADS_TEXT.draft;
}

/** The lead's intake, opened as any list opens one (intakePath); none without an intake. */
function intakeRouteOf(row: LeadRow): string | undefined {
  if (row.intakeId === null || row.intakeStatus === null) return undefined;
  return intakePath({ caseId: row.intakeId, status: row.intakeStatus });
}

const columns: TableColumn<LeadRow>[] = [
  { key: 'name', header: 'Name', render: (row) => fullName(row) },
  { key: 'phone', header: 'Phone', render: (row) => row.phone },
  { key: 'email', header: 'Email', render: (row) => row.email ?? '' },
  // A birth date is a calendar day: the long US form, as on the profile (docs/product/leads.md).
  { key: 'birthDate', header: 'Birth Date', render: (row) => formatLongUsDate(row.birthDate) ?? '' },
  // A creation time is an instant: the day it was where the user is.
  { key: 'createdAt', header: 'Created', render: (row) => formatLocalDate(row.createdAt) ?? '' },
  {
    key: 'intakeStatus',
    header: 'Intake Status',
    render: (row) => <span className={css.intakeStatus}>{intakeStatusLabel(row)}</span>,
  },
];

/** /leads-list (docs/product/leads.md: content not shown; ours is the firm's leads, newest first). */
export function LeadsListPage() {
  const navigate = useNavigate();
  const list = usePagination(loadLeads);
  useToastEvents(list, leadListToasts);

  function open(row: LeadRow) {
    const route = intakeRouteOf(row);
    if (route) void navigate(route);
  }

  return (
    <>
      <PageHeader title="Leads">
        <PagedSearchBox actor={list} label="Search leads" maxLength={SEARCH_MAX_LENGTH} />
        <Button onClick={() => void navigate(paths.newLeads)}>New Lead</Button>
      </PageHeader>
      <PagedTable<LeadRow> actor={list} columns={columns} getRowKey={(row) => row.id} onRowClick={open} />
    </>
  );
}
