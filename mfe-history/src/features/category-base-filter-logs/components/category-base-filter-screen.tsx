import { useState } from 'react';
import type { CategoryBaseFilterRecord } from '@outsync/contracts/history';
import { Page } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { Select } from '@outsync/ui/select';
import {
  CellLines,
  FilterBar,
  FilterTextField,
  ScreenStack,
} from '../../../shared/components/filter-parts';
import { HistoryTable, pageCountState } from '../../../shared/components/history-table';
import { dateTime, historyTexts } from '../../../shared/components/history-texts';
import { PayloadCell, PayloadDialog } from '../../../shared/components/payload-parts';
import {
  categoryBaseFilterQuery,
  emptyCategoryBaseFilterForm,
  useCategoryBaseFilterLogs,
  useCategoryBaseFilterTypes,
  type CategoryBaseFilterForm,
  type CategoryBaseFilterSearch,
} from '../api/category-base-filter-queries';

/** The screen's texts (spec 02 §2.11). */
export const categoryBaseFilterTexts = {
  title: 'Category Base Filter Payloads',
  campaignId: 'Campaign ID',
  leadId: 'Lead ID',
  webhookId: 'Webhook ID',
  webhookUrl: 'Webhook URL',
  eventType: 'Event Type',
  eventTypePrompt: '-- Select Event Type --',
  clearEventType: 'Clear the event type filter',
  caption: 'Category base filter payloads',
  columns: {
    id: 'ID',
    webhookUrl: 'Webhook URL',
    event: 'Event',
    campaignId: 'Campaign ID',
    leadId: 'Lead ID',
    categories: 'Webhook Categories',
    currentCategory: 'Current Lead Category',
    payload: 'Payload',
    created: 'Created',
    sentAt: 'Sent At',
  },
} as const;

const t = categoryBaseFilterTexts;
const orDash = (value: string | null) => value || historyTexts.emptyCell;

/**
 * category-base-filter-logs (spec 02 §2.11): the filters (Enter in a text filter, or the Event
 * Type's change, runs the search), the count from the page's totalItems and the infinite table.
 */
export function CategoryBaseFilterScreen() {
  const [form, setForm] = useState<CategoryBaseFilterForm>(emptyCategoryBaseFilterForm);
  const [search, setSearch] = useState<CategoryBaseFilterSearch>({ filters: {}, run: 0 });
  const [openRecord, setOpenRecord] = useState<CategoryBaseFilterRecord | null>(null);
  const types = useCategoryBaseFilterTypes();
  const list = useCategoryBaseFilterLogs(search);

  const runSearch = (next: CategoryBaseFilterForm = form) =>
    setSearch((previous) => ({ filters: categoryBaseFilterQuery(next), run: previous.run + 1 }));
  const textField = (name: 'campaignId' | 'leadId' | 'webhookId' | 'webhookUrl') => ({
    value: form[name],
    onValueChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    onSearch: () => runSearch(),
  });

  const columns: TableColumn<CategoryBaseFilterRecord>[] = [
    { id: 'id', header: t.columns.id, cell: (row) => row.id, rowHeader: true, width: '9rem' },
    { id: 'webhookUrl', header: t.columns.webhookUrl, cell: (row) => row.webhook_url },
    // Event types are unbreakable words (LEAD_UNSUBSCRIBED): wide enough not to split.
    { id: 'event', header: t.columns.event, cell: (row) => row.webhook_event, width: '14rem' },
    { id: 'campaignId', header: t.columns.campaignId, cell: (row) => orDash(row.campaign_id) },
    { id: 'leadId', header: t.columns.leadId, cell: (row) => orDash(row.lead_id) },
    {
      id: 'categories',
      header: t.columns.categories,
      cell: (row) =>
        row.smartlead_base_categories.length > 0 ? (
          <CellLines>
            {row.smartlead_base_categories.map((category) => (
              <span key={category.id}>{category.name}</span>
            ))}
          </CellLines>
        ) : (
          historyTexts.emptyCell
        ),
    },
    {
      id: 'currentCategory',
      header: t.columns.currentCategory,
      cell: (row) => orDash(row.category_name),
    },
    {
      id: 'payload',
      header: t.columns.payload,
      cell: (row) => (
        <PayloadCell
          id={row.id}
          summary={{
            subject: row.dto.subject,
            toEmail: row.dto.to_email,
            fromEmail: row.dto.from_email,
            event: row.dto.event_type,
          }}
          onOpen={() => setOpenRecord(row)}
        />
      ),
      width: '16rem',
    },
    { id: 'created', header: t.columns.created, cell: (row) => dateTime(row.created_at) },
    // "-" when empty (spec 02 §2.11).
    { id: 'sentAt', header: t.columns.sentAt, cell: (row) => dateTime(row.sent_at) },
  ];

  return (
    <Page title={t.title}>
      <ScreenStack>
        <FilterBar>
          <FilterTextField label={t.campaignId} {...textField('campaignId')} />
          <FilterTextField label={t.leadId} {...textField('leadId')} />
          <FilterTextField label={t.webhookId} {...textField('webhookId')} />
          <FilterTextField label={t.webhookUrl} {...textField('webhookUrl')} />
          <Select<string>
            label={t.eventType}
            placeholder={t.eventTypePrompt}
            options={types.data ?? []}
            loading={types.isPending}
            getOptionValue={(type) => type}
            getOptionLabel={(type) => type}
            value={form.eventType}
            clearable
            clearLabel={t.clearEventType}
            onChange={(eventType) => {
              const next = { ...form, eventType };
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
          minWidth="1400px"
        />
      </ScreenStack>
      {openRecord ? (
        <PayloadDialog
          id={openRecord.id}
          value={openRecord}
          loading={false}
          onClose={() => setOpenRecord(null)}
        />
      ) : null}
    </Page>
  );
}
