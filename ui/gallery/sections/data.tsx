import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, theme } from '@outsync/ui';
import { Chip, Table, type TableColumn } from '@outsync/ui/data';
import { JsonEditor, JsonViewer } from '@outsync/ui/json';
import { VirtualList, VirtualTable } from '@outsync/ui/virtual';

interface Webhook {
  id: number;
  url: string;
  description: string;
  categories: { id: number; name: string }[];
}

interface PayloadLog {
  id: number;
  email: string;
  eventType: string;
  status: 'Success' | 'Error';
  error: string;
}

const webhooks: Webhook[] = [
  {
    id: 101,
    url: 'https://app.outsync.test/webhooks/7f3c2a9d4e8b4c1fa1b2c3d4e5f60718293a4b5c6d7e8f90',
    description: 'Main sequencer',
    categories: [
      { id: 1, name: 'Interested' },
      { id: 2, name: 'Meeting Request' },
    ],
  },
  {
    id: 102,
    url: 'https://app.outsync.test/webhooks/short',
    description: 'A description long enough to wrap onto a second line inside its cell',
    categories: [],
  },
];

const webhookColumns: TableColumn<Webhook>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true, width: '64px', align: 'end' },
  { id: 'url', header: 'Webhook URL', cell: (row) => row.url, width: '30%' },
  { id: 'description', header: 'Description', cell: (row) => row.description },
  {
    id: 'categories',
    header: 'Category-based filter',
    cell: (row) => (
      <ChipRow>
        {row.categories.map((category) => (
          <Chip key={category.id} label={`ID: ${category.id} - ${category.name}`} />
        ))}
      </ChipRow>
    ),
  },
];

const wideColumns: TableColumn<Webhook>[] = [
  ...webhookColumns,
  ...['Hub ID', 'Domain', 'Added by', 'Created', 'Platform', 'Log type'].map((header) => ({
    id: header,
    header,
    cell: () => 'a-fairly-long-unbroken-value',
  })),
];

const TOTAL_LOGS = 240;
const PAGE_SIZE = 30;

const makeLogs = (from: number, count: number): PayloadLog[] =>
  Array.from({ length: Math.min(count, TOTAL_LOGS - from) }, (_, offset) => {
    const id = from + offset + 1;
    return {
      id,
      email: `lead${id}@acme.test`,
      eventType: id % 3 ? 'EMAIL_SENT' : 'EMAIL_REPLY',
      status: id % 7 ? 'Success' : 'Error',
      // Some rows wrap onto several lines: the virtual table measures each row.
      error:
        id % 7
          ? ''
          : 'CRM answered 429 Too Many Requests; the event will be retried with backoff. '.repeat(
              1 + (id % 3),
            ),
    };
  });

const logColumns: TableColumn<PayloadLog>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id, rowHeader: true, width: '64px' },
  // Short unbreakable values get a width, so wrapping anywhere does not split them.
  { id: 'email', header: 'Email', cell: (row) => row.email, width: '180px' },
  { id: 'event', header: 'Event', cell: (row) => row.eventType, width: '140px' },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <Chip label={row.status} tone={row.status === 'Error' ? 'danger' : 'success'} />,
    width: '100px',
  },
  { id: 'error', header: 'Error Response', cell: (row) => row.error || '-' },
];

/** Pages of logs arriving after a delay, as the history screens' infinite scroll gets them. */
function useSimulatedPages() {
  const [rows, setRows] = useState<PayloadLog[]>(() => makeLogs(0, PAGE_SIZE));
  const [loadingMore, setLoadingMore] = useState(false);
  const [counted, setCounted] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    pending.push(setTimeout(() => setCounted(true), 900));
    return () => pending.forEach(clearTimeout);
  }, []);

  const loadMore = () => {
    setLoadingMore(true);
    timers.current.push(
      setTimeout(() => {
        setRows((loaded) => [...loaded, ...makeLogs(loaded.length, PAGE_SIZE)]);
        setLoadingMore(false);
      }, 700),
    );
  };

  return {
    rows,
    loadingMore,
    hasMore: rows.length < TOTAL_LOGS,
    loadMore,
    statusText: counted ? `Total results: ${TOTAL_LOGS}` : 'Total results: Loading...',
  };
}

const payload = {
  subject: 'Re: Quick question',
  to_email: 'lead@acme.test',
  from_email: 'sdr@outsync.test',
  event_type: 'EMAIL_REPLY',
  campaign_id: 4512,
  is_first_reply: true,
  lead_category: null,
  lead: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    custom_fields: { os_objectlookup_id: 'A-1043', tags: ['warm', 'enterprise'] },
  },
  history: [
    { type: 'SENT', at: '2026-03-02T10:00:00Z' },
    { type: 'REPLY', at: '2026-03-03T08:12:44Z' },
  ],
};

const validPayload = JSON.stringify(payload, null, 2);
const invalidPayload = '{\n  "event_type": "EMAIL_SENT",\n  "to_email": \n}';

/** Chips, tables, virtual lists and JSON in every state, for the gallery (and its axe check). */
export default function DataSection() {
  const logs = useSimulatedPages();
  const lines = useSimulatedPages();
  const [validText, setValidText] = useState(validPayload);
  const [invalidText, setInvalidText] = useState(invalidPayload);

  return (
    <section aria-labelledby="gallery-data-heading">
      <h2 id="gallery-data-heading">Data display</h2>
      <Card>
        <h3>Chips</h3>
        <ChipRow>
          <Chip label="ID: 1 - Interested" />
          <Chip label="Create task" tone="brand" />
          <Chip label="Success" tone="success" />
          <Chip label="Error" tone="danger" />
          <Chip label="ID: 2 - Meeting Request" onRemove={() => undefined} />
          <Chip label="Locked" onRemove={() => undefined} disabled />
        </ChipRow>

        <h3>Tables</h3>
        <Stack>
          <Table
            caption="Existing webhooks:"
            columns={webhookColumns}
            rows={webhooks}
            getRowId={(row) => row.id}
          />
          <Table
            caption="Webhooks (loading)"
            columns={webhookColumns}
            rows={[]}
            getRowId={(row) => row.id}
            loading
          />
          <Table
            caption="Webhooks (empty)"
            columns={webhookColumns}
            rows={[]}
            getRowId={(row) => row.id}
            emptyText="No webhooks yet."
          />
          <Table
            caption="All webhooks (wider than the page: scrolls sideways)"
            minWidth="1600px"
            columns={wideColumns}
            rows={webhooks}
            getRowId={(row) => row.id}
          />
        </Stack>

        <h3>Virtual table with infinite loading</h3>
        <VirtualTable
          caption="Webhook payloads"
          columns={logColumns}
          rows={logs.rows}
          getRowId={(row) => row.id}
          hasMore={logs.hasMore}
          loadingMore={logs.loadingMore}
          onLoadMore={logs.loadMore}
          statusText={logs.statusText}
          height="360px"
        />

        <h3>Virtual list</h3>
        <Stack>
          <VirtualList
            label="Block list sync log"
            items={lines.rows}
            getItemKey={(row) => row.id}
            renderItem={(row) => (
              <LogLine>
                <strong>#{row.id}</strong> {row.email} — {row.eventType}
                {row.error ? ` — ${row.error}` : null}
              </LogLine>
            )}
            hasMore={lines.hasMore}
            loadingMore={lines.loadingMore}
            onLoadMore={lines.loadMore}
            statusText={lines.statusText}
            height="240px"
          />
          <VirtualList
            label="Empty log"
            items={[] as PayloadLog[]}
            getItemKey={(row) => row.id}
            renderItem={(row) => row.email}
            emptyText="No entries."
            height="80px"
          />
        </Stack>

        <h3>JSON</h3>
        <Stack>
          <JsonViewer value={payload} label="Payload" />
          <JsonEditor
            label="Payload (valid)"
            value={validText}
            onChange={setValidText}
            actions={
              <Button $variant="secondary" onClick={() => setValidText(validPayload)}>
                Reset Payload
              </Button>
            }
          />
          <JsonEditor
            label="Payload (invalid)"
            value={invalidText}
            onChange={setInvalidText}
            rows={5}
          />
        </Stack>
      </Card>
    </section>
  );
}

const ChipRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(6)};
`;

const LogLine = styled.p`
  margin: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  font-size: ${theme.font.size.sm};
`;
