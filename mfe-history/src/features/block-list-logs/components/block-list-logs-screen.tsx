import { useState } from 'react';
import type { BlockListLog, BlockListSyncOption } from '@outsync/contracts/history';
import { Page } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { Select } from '@outsync/ui/select';
import { FilterBar, FilterTextField, ScreenStack } from '../../../shared/components/filter-parts';
import { HistoryTable, pageCountState } from '../../../shared/components/history-table';
import { dateTime, historyTexts } from '../../../shared/components/history-texts';
import {
  blockListLogQuery,
  useBlockListLogs,
  useBlockListOptions,
  type BlockListLogFilterForm,
  type BlockListLogSearch,
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

const optionLabel = (option: BlockListSyncOption) =>
  `${option.listIdILS ?? option.listId}: ${option.listName}`;

const columns: TableColumn<BlockListLog>[] = [
  { id: 'id', header: t.columns.id, cell: (row) => row.id, rowHeader: true, width: '9rem' },
  { id: 'name', header: t.columns.name, cell: (row) => row.syncBlockList.listName },
  { id: 'type', header: t.columns.type, cell: (row) => row.syncBlockList.blockType },
  { id: 'emails', header: t.columns.emails, cell: (row) => row.entityDetails, width: '24rem' },
  { id: 'syncedAt', header: t.columns.syncedAt, cell: (row) => dateTime(row.syncedAt) },
  {
    id: 'errorResponse',
    header: t.columns.errorResponse,
    cell: (row) => row.lastError ?? historyTexts.emptyCell,
  },
  {
    id: 'enabled',
    header: t.columns.enabled,
    cell: (row) => (row.syncBlockList.isEnabled ? t.yes : t.no),
  },
];

/**
 * block-list-logs (spec 02 §2.10): Email (Enter runs the search) and the Block list select
 * (choosing or clearing runs it), the count line and the infinite table.
 */
export function BlockListLogsScreen() {
  const [form, setForm] = useState<BlockListLogFilterForm>({ email: '', blockListId: null });
  const [search, setSearch] = useState<BlockListLogSearch>({ filters: {}, run: 0 });
  const options = useBlockListOptions();
  const list = useBlockListLogs(search);
  const runSearch = (next: BlockListLogFilterForm) =>
    setSearch((previous) => ({ filters: blockListLogQuery(next), run: previous.run + 1 }));
  const chosen = options.data?.find((option) => option.id === form.blockListId) ?? null;

  return (
    <Page title={t.title}>
      <ScreenStack>
        <FilterBar>
          <FilterTextField
            label={t.email}
            type="email"
            value={form.email}
            onValueChange={(email) => setForm((current) => ({ ...current, email }))}
            onSearch={() => runSearch(form)}
          />
          <Select<BlockListSyncOption>
            label={t.blockList}
            placeholder={t.blockListPrompt}
            options={options.data ?? []}
            loading={options.isPending}
            getOptionValue={(option) => option.id}
            getOptionLabel={optionLabel}
            value={chosen}
            clearable
            clearLabel={t.clearBlockList}
            onChange={(option) => {
              const next = { ...form, blockListId: option?.id ?? null };
              setForm(next);
              runSearch(next);
            }}
          />
        </FilterBar>
        <HistoryTable
          caption={t.caption}
          columns={columns}
          rows={list.rows}
          getRowId={(row) => row.id}
          list={list}
          count={pageCountState(list)}
        />
      </ScreenStack>
    </Page>
  );
}
