import { useState } from 'react';
import { routeUrl } from '@outsync/contracts';
import {
  historyRoutes,
  type BlockListLog,
  type BlockListSyncOption,
} from '@outsync/contracts/history';
import { Page } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { LazySelect } from '@outsync/ui/lazy';
import { useFilterSearch } from '../../../shared/api/use-filter-search';
import {
  FilterBar,
  FilterTextField,
  RefusalNote,
  ScreenStack,
} from '../../../shared/components/filter-parts';
import { ExportLink } from '../../../shared/components/export-link';
import { HistoryTable, idColumn, pageCountState } from '../../../shared/components/history-table';
import { dateTime, historyTexts } from '../../../shared/components/history-texts';
import {
  blockListLogQuery,
  useBlockListLogs,
  useBlockListOptions,
  type BlockListLogFilterForm,
  type BlockListLogFilterQuery,
} from '../api/block-list-logs-queries';

/** The screen's texts (spec 02 §2.10; the spec gives the screen no title: ours). */
export const blockListLogsTexts = {
  title: 'Block list history',
  email: 'Email',
  blockList: 'Block list',
  blockListPrompt: '-- Select Block List --',
  clearBlockList: 'Clear the block list filter',
  caption: 'Block list runs',
  yes: 'Yes',
  no: 'No',
  columns: {
    id: 'ID',
    name: 'Block List Name',
    type: 'Block List Type',
    emails: 'Emails',
    syncedAt: 'Synced At',
    errorResponse: 'Error Response',
    enabled: 'Enabled',
  },
} as const;

const t = blockListLogsTexts;

/** The filters whose refusal shows under the field (query keys). */
const refusableFilters = ['email', 'block-list-id'];

const optionLabel = (option: BlockListSyncOption) =>
  `${option.listIdILS ?? option.listId}: ${option.listName}`;

// Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the error response
// folds into each row's details.
const columns: TableColumn<BlockListLog>[] = [
  idColumn<BlockListLog>(t.columns.id),
  { id: 'name', header: t.columns.name, cell: (row) => row.syncBlockList.listName },
  {
    id: 'type',
    header: t.columns.type,
    cell: (row) => row.syncBlockList.blockType,
    sizing: 'fixed',
    width: '6.5rem',
  },
  {
    id: 'emails',
    header: t.columns.emails,
    cell: (row) => row.entityDetails,
    width: '24rem',
    minWidth: '12rem',
  },
  {
    id: 'syncedAt',
    header: t.columns.syncedAt,
    cell: (row) => dateTime(row.syncedAt),
    sizing: 'fixed',
    width: '7.5rem',
  },
  {
    id: 'errorResponse',
    header: t.columns.errorResponse,
    cell: (row) => row.lastError ?? historyTexts.emptyCell,
    minWidth: '8rem',
    wrap: true,
    priority: 1,
  },
  {
    id: 'enabled',
    header: t.columns.enabled,
    cell: (row) => (row.syncBlockList.isEnabled ? t.yes : t.no),
    sizing: 'fixed',
    width: '5.5rem',
  },
];

/**
 * block-list-logs (spec 02 §2.10): Email (Enter runs the search) and the Block list select
 * (choosing or clearing runs it), Export CSV of what they show (issue 34), the count line and
 * the infinite table.
 */
export function BlockListLogsScreen() {
  const [form, setForm] = useState<BlockListLogFilterForm>({ email: '', blockListId: null });
  // A refused search keeps the previous results; the message stands under the filter (issue 31).
  const filterSearch = useFilterSearch<BlockListLogFilterQuery>({}, refusableFilters);
  const options = useBlockListOptions();
  const list = useBlockListLogs(filterSearch.search, filterSearch.guard);
  const runSearch = (next: BlockListLogFilterForm) => filterSearch.run(blockListLogQuery(next));
  const chosen = options.data?.find((option) => option.id === form.blockListId) ?? null;
  const count = pageCountState(list);

  return (
    <Page title={t.title}>
      <ScreenStack>
        <FilterBar>
          <FilterTextField
            label={t.email}
            type="email"
            value={form.email}
            error={filterSearch.refusedField('email')}
            onValueChange={(email) => setForm((current) => ({ ...current, email }))}
            onSearch={() => runSearch(form)}
          />
          <LazySelect<BlockListSyncOption>
            label={t.blockList}
            placeholder={t.blockListPrompt}
            options={options.data ?? []}
            loading={options.isPending}
            getOptionValue={(option) => option.id}
            getOptionLabel={optionLabel}
            value={chosen}
            clearable
            clearLabel={t.clearBlockList}
            error={filterSearch.refusedField('block-list-id')}
            onChange={(option) => {
              const next = { ...form, blockListId: option?.id ?? null };
              setForm(next);
              runSearch(next);
            }}
          />
        </FilterBar>
        <RefusalNote refusal={filterSearch.refusal} />
        <ExportLink
          href={routeUrl(historyRoutes.blockListLogsExport, {
            query: filterSearch.search.filters,
          })}
          count={count}
        />
        <HistoryTable
          caption={t.caption}
          columns={columns}
          rows={list.rows}
          getRowId={(row) => row.id}
          list={list}
          count={count}
        />
      </ScreenStack>
    </Page>
  );
}
