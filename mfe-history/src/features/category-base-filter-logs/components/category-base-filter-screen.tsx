import { useState } from 'react';
import { routeUrl } from '@outsync/contracts';
import { historyRoutes, type CategoryBaseFilterRecord } from '@outsync/contracts/history';
import { Page } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { LazySelect } from '@outsync/ui/lazy';
import { useFilterSearch } from '../../../shared/api/use-filter-search';
import {
  CellLines,
  FilterBar,
  FilterTextField,
  RefusalNote,
  ScreenStack,
} from '../../../shared/components/filter-parts';
import { ExportLink } from '../../../shared/components/export-link';
import { HistoryTable, idColumn, pageCountState } from '../../../shared/components/history-table';
import { dateTime, historyTexts } from '../../../shared/components/history-texts';
import { PayloadCell, PayloadDialog } from '../../../shared/components/payload-parts';
import {
  categoryBaseFilterQuery,
  emptyCategoryBaseFilterForm,
  useCategoryBaseFilterLogs,
  useCategoryBaseFilterTypes,
  type CategoryBaseFilterForm,
  type CategoryBaseFilterQuery,
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

/** The filters whose refusal shows under the field (query keys, as the form's names). */
const refusableFilters = ['campaignId', 'leadId', 'webhookId', 'webhookUrl', 'eventType'];
const orDash = (value: string | null) => value || historyTexts.emptyCell;

/**
 * category-base-filter-logs (spec 02 §2.11): the filters (Enter in a text filter, or the Event
 * Type's change, runs the search), Export CSV of what they show (issue 34), the count from the
 * page's totalItems and the infinite table.
 */
export function CategoryBaseFilterScreen() {
  const [form, setForm] = useState<CategoryBaseFilterForm>(emptyCategoryBaseFilterForm);
  // A refused search keeps the previous results; the message stands under the filter (issue 31).
  const filterSearch = useFilterSearch<CategoryBaseFilterQuery>({}, refusableFilters);
  const [openRecord, setOpenRecord] = useState<CategoryBaseFilterRecord | null>(null);
  const types = useCategoryBaseFilterTypes();
  const list = useCategoryBaseFilterLogs(filterSearch.search, filterSearch.guard);
  const count = pageCountState(list);

  const runSearch = (next: CategoryBaseFilterForm = form) =>
    filterSearch.run(categoryBaseFilterQuery(next));
  const textField = (name: 'campaignId' | 'leadId' | 'webhookId' | 'webhookUrl') => ({
    value: form[name],
    error: filterSearch.refusedField(name),
    onValueChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    onSearch: () => runSearch(),
  });

  // Sized by ui/README.md, "Tables: one sizing rule". Too narrow for all, the webhook URL, the
  // ids and the categories fold into each row's details, the highest priority first; the
  // event, payload, Created and Sent At stay.
  const columns: TableColumn<CategoryBaseFilterRecord>[] = [
    idColumn<CategoryBaseFilterRecord>(t.columns.id),
    {
      id: 'webhookUrl',
      header: t.columns.webhookUrl,
      cell: (row) => row.webhook_url,
      sizing: 'token',
      priority: 5,
    },
    // Event types are unbreakable words (LEAD_UNSUBSCRIBED): the column is as wide as the longest.
    {
      id: 'event',
      header: t.columns.event,
      cell: (row) => row.webhook_event,
      width: '12rem',
      minWidth: '8rem',
    },
    {
      id: 'campaignId',
      header: t.columns.campaignId,
      cell: (row) => orDash(row.campaign_id),
      sizing: 'token',
      priority: 4,
    },
    {
      id: 'leadId',
      header: t.columns.leadId,
      cell: (row) => orDash(row.lead_id),
      sizing: 'token',
      priority: 3,
    },
    {
      id: 'categories',
      priority: 2,
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
      priority: 1,
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
      minWidth: '13rem',
    },
    {
      id: 'created',
      header: t.columns.created,
      cell: (row) => dateTime(row.created_at),
      sizing: 'fixed',
      width: '7.5rem',
    },
    // "-" when empty (spec 02 §2.11).
    {
      id: 'sentAt',
      header: t.columns.sentAt,
      cell: (row) => dateTime(row.sent_at),
      sizing: 'fixed',
      width: '7.5rem',
    },
  ];

  return (
    <Page title={t.title}>
      <ScreenStack>
        <FilterBar>
          <FilterTextField label={t.campaignId} {...textField('campaignId')} />
          <FilterTextField label={t.leadId} {...textField('leadId')} />
          <FilterTextField label={t.webhookId} {...textField('webhookId')} />
          <FilterTextField label={t.webhookUrl} {...textField('webhookUrl')} />
          <LazySelect<string>
            label={t.eventType}
            placeholder={t.eventTypePrompt}
            options={types.data ?? []}
            loading={types.isPending}
            getOptionValue={(type) => type}
            getOptionLabel={(type) => type}
            value={form.eventType}
            clearable
            clearLabel={t.clearEventType}
            error={filterSearch.refusedField('eventType')}
            onChange={(eventType) => {
              const next = { ...form, eventType };
              setForm(next);
              runSearch(next);
            }}
          />
        </FilterBar>
        <RefusalNote refusal={filterSearch.refusal} />
        <ExportLink
          href={routeUrl(historyRoutes.categoryBaseFiltersExport, {
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
