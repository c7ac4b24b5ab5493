import { useSelector } from '@xstate/react';
import type { ActivityEntry } from '../../../api/activity';
import type { User } from '../../../api/users';
import {
  activityActionLabels,
  activityActions,
  activityFilterText,
  activityFiltersOf,
  activityLines,
  activityWho,
  fieldLabelsText,
  type ActivityAction,
  type ActivityFilters,
} from '../../../domain/activity';
import { formatLocalDateTime } from '../../../domain/dates';
import { fullName } from '../../../domain/formatters';
import { useMachineActor } from '../../app/inspect';
import { DateInput } from '../../components/DateInput';
import { PagedSearchBox, PagedTable, usePagination, type PaginationActor } from '../../components/PagedTable';
import { activityListToasts } from '../../app/factToasts';
import { useToastEvents } from '../../app/useToastEvents';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import type { TableColumn } from '../../components/Table';
import { firmPeopleLogic, loadActivity } from './activityActors';
import * as css from './ActivityPage.css';
import { ClientNameLink } from '../intake/link/ClientNameLink';

/** The page's texts (docs/product/activity.md). */
export const ACTIVITY_TEXT = {
  title: 'Activity',
  caseSearch: 'Search by case ID',
  casePlaceholder: 'Case ID',
  allUsers: 'All users',
  allActions: 'All actions',
  empty: 'No activity for these filters.',
} as const;

/** openapi.yaml: GET /v1/activity takes a case ID of at most 100 characters. */
const CASE_MAX_LENGTH = 100;
const ALL = 'all';

function activityColumns(people: ReadonlyMap<string, string>): TableColumn<ActivityEntry>[] {
  return [
    { key: 'at', header: 'When', render: (entry) => <time dateTime={entry.at}>{formatLocalDateTime(entry.at)}</time> },
    { key: 'who', header: 'Who', render: (entry) => activityWho(entry) },
    {
      key: 'what',
      header: 'What',
      render: (entry) => activityLines(entry).map((line) => <div key={line}>{line}</div>),
    },
    { key: 'subject', header: 'Subject', render: (entry) => <Subject entry={entry} people={people} /> },
    { key: 'fields', header: 'Fields', render: (entry) => <span className={css.fields}>{fieldLabelsText(entry.fields)}</span> },
    { key: 'address', header: 'Address', render: (entry) => entry.clientAddress ?? '' },
  ];
}

/**
 * What a row is about: an intake by its client's name, linking to it; a user id by that person's
 * name when they are in this firm's list; anything else as stored.
 */
function Subject({ entry, people }: { entry: ActivityEntry; people: ReadonlyMap<string, string> }) {
  if (!entry.subject) return null;
  if (entry.subjectIntakeStatus) {
    return <ClientNameLink caseId={entry.subject} status={entry.subjectIntakeStatus} clientName={entry.subjectClientName ?? ''} />;
  }
  return <>{people.get(entry.subject) ?? entry.subject}</>;
}

/** /activity: the firm's activity trail, owner and administrator only (docs/product/activity.md). */
export function ActivityPage() {
  const list = usePagination(loadActivity);
  useToastEvents(list, activityListToasts);
  const peopleLoader = useMachineActor(firmPeopleLogic);
  const people = useSelector(peopleLoader, (snapshot) => (snapshot.output?.loaded ? snapshot.output.users : undefined));
  const names = new Map((people ?? []).map((user) => [user.id, fullName(user) ?? user.email]));

  return (
    <>
      <PageHeader title={ACTIVITY_TEXT.title}>
        <PagedSearchBox
          actor={list}
          label={ACTIVITY_TEXT.caseSearch}
          placeholder={ACTIVITY_TEXT.casePlaceholder}
          maxLength={CASE_MAX_LENGTH}
        />
      </PageHeader>
      <ActivityFilterBar list={list} people={people ?? []} />
      <PagedTable<ActivityEntry>
        actor={list}
        columns={activityColumns(names)}
        getRowKey={(entry) => entry.id}
        emptyText={ACTIVITY_TEXT.empty}
      />
    </>
  );
}

/** User, action and the date range; each change reloads the trail from page 1. */
function ActivityFilterBar({ list, people }: { list: PaginationActor; people: readonly User[] }) {
  const filterText = useSelector(list, (snapshot) => snapshot.context.filter);
  const filters = activityFiltersOf(filterText);
  const change = (next: Partial<ActivityFilters>) =>
    list.send({ type: 'filter.change', value: activityFilterText({ ...filters, ...next }) });
  const userOptions = [
    { value: ALL, label: ACTIVITY_TEXT.allUsers },
    ...people.map((user) => ({ value: user.id, label: fullName(user) ?? user.email })),
  ];
  const actionOptions: { value: ActivityAction | typeof ALL; label: string }[] = [
    { value: ALL, label: ACTIVITY_TEXT.allActions },
    ...activityActions.map((action) => ({ value: action, label: activityActionLabels[action] })),
  ];
  return (
    <div className={css.filters} role="group" aria-label="Filters">
      <SelectField<string>
        label="User"
        options={userOptions}
        value={filters.userId || ALL}
        onChange={(value) => change({ userId: value === ALL ? '' : value })}
      />
      <SelectField<ActivityAction | typeof ALL>
        label="Action"
        options={actionOptions}
        value={filters.action || ALL}
        onChange={(value) => change({ action: value === ALL ? '' : value })}
      />
      <DateInput label="From" value={filters.from} max={filters.to || undefined} onChange={(from) => change({ from })} />
      <DateInput label="To" value={filters.to} min={filters.from || undefined} onChange={(to) => change({ to })} />
    </div>
  );
}
