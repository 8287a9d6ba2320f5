import styled from 'styled-components';
import { platformDisplayName, platformFromAnySpelling } from '@outsync/contracts';
import type { LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';
import type { Webhook } from '@outsync/contracts/webhooks';
import { Button, theme } from '@outsync/ui';
import { Chip, Table, type ChipTone, type TableColumn } from '@outsync/ui/data';
import { Dialog } from '@outsync/ui/overlay';
import { useWebhookLive, type LiveConnection } from '../api/use-webhook-live';

/** The live view's texts (issue 34, item 1; ours: the spec has no live view). */
export const webhookLiveTexts = {
  title: ({ firstName, lastName }: { firstName: string; lastName: string }) =>
    `Live events: ${firstName} ${lastName}'s webhook`,
  description: (platform: string) =>
    `${platform} events appear here as they are received, then change as they are held, synced or fail.`,
  caption: 'Events received while this view is open',
  received: 'Received',
  event: 'Event',
  lead: 'Lead',
  status: 'Status',
  test: 'test',
  pause: 'Pause',
  resume: 'Resume',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost. Reconnecting…',
  refused: (message: string) => `The live view is not available: ${message}`,
  paused: (count: number) =>
    count === 1
      ? 'Paused: 1 new event arrived meanwhile.'
      : `Paused: ${count} new events arrived meanwhile.`,
  empty:
    'Waiting for events. Send a test or start a campaign: its events appear here as they arrive.',
  /** Paused before any row: what arrives waits, so "waiting for events" would be untrue. */
  emptyPaused: 'Events that arrive while the view is paused appear here on Resume.',
  anyPlatform: 'Webhook',
} as const;

const t = webhookLiveTexts;

/** Each status as the webhook logs name it. */
const STATUS_LABELS: Record<LiveWebhookEvent['status'], string> = {
  received: 'Received',
  held: 'Held',
  synced: 'Synced',
  partially_synced: 'Partially synced',
  failed: 'Failed',
  duplicate: 'Duplicate',
  unsupported: 'Unsupported',
  not_synced: 'Not synced',
};

const STATUS_TONES: Record<LiveWebhookEvent['status'], ChipTone> = {
  received: 'neutral',
  held: 'neutral',
  synced: 'success',
  partially_synced: 'neutral',
  failed: 'danger',
  duplicate: 'neutral',
  unsupported: 'neutral',
  not_synced: 'neutral',
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function connectionText(connection: LiveConnection): string {
  switch (connection.state) {
    case 'connecting':
      return t.connecting;
    case 'live':
      return t.live;
    case 'reconnecting':
      return t.reconnecting;
    case 'refused':
      return t.refused(connection.message);
  }
}

type StatusState = LiveConnection['state'] | 'paused';

/** A lost or refused stream outranks the pause: the reader must see that nothing arrives. */
function statusState(paused: boolean, connection: LiveConnection): StatusState {
  if (connection.state === 'reconnecting' || connection.state === 'refused')
    return connection.state;
  return paused ? 'paused' : connection.state;
}

/**
 * What the status line says: the connection, or the pause's count while it is live. A paused
 * view that lost its stream says both, as its count cannot grow meanwhile.
 */
function statusText(paused: boolean, arrived: number, connection: LiveConnection): string {
  if (!paused) return connectionText(connection);
  if (connection.state === 'live') return t.paused(arrived);
  return `${t.paused(arrived)} ${connectionText(connection)}`;
}

// Sized as the history tables are (ui/README.md, "Tables: one sizing rule"); the status takes
// the rest, with the reason under its chip as History's status cell has it.
const columns: TableColumn<LiveWebhookEvent>[] = [
  {
    id: 'received',
    header: t.received,
    cell: (row) => (
      <time dateTime={row.receivedAt}>{timeFormat.format(new Date(row.receivedAt))}</time>
    ),
    sizing: 'fixed',
    width: '120px',
  },
  {
    id: 'event',
    header: t.event,
    cell: (row) => (
      <>
        {row.eventType ?? '—'}
        {row.test ? <Muted> ({t.test})</Muted> : null}
      </>
    ),
    width: '150px',
  },
  // An e-mail on one line, cut where it must be (its whole value in the title), not broken at
  // its hyphens.
  {
    id: 'lead',
    header: t.lead,
    cell: (row) => row.leadEmail ?? '—',
    sizing: 'token',
    width: '300px',
    minWidth: '12rem',
  },
  {
    id: 'status',
    header: t.status,
    cell: (row) => (
      <StatusLines>
        <Chip label={STATUS_LABELS[row.status]} tone={STATUS_TONES[row.status]} />
        {row.reason ? <Muted>{row.reason}</Muted> : null}
      </StatusLines>
    ),
  },
];

/**
 * One webhook's events as they arrive and move through held → synced / failed (issue 34, item 1).
 * Pausing keeps the rows still to read them; what arrives meanwhile is counted and shown on resume.
 */
export function WebhookLiveDialog({
  webhook,
  onClose,
}: {
  webhook: Pick<Webhook, 'id' | 'emailService' | 'ownerDetails'>;
  onClose: () => void;
}) {
  const live = useWebhookLive(webhook.id);
  const { paused } = live;
  const platform = platformFromAnySpelling(webhook.emailService);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t.title(webhook.ownerDetails)}
      description={t.description(platform ? platformDisplayName(platform) : t.anyPlatform)}
      size="lg"
    >
      <Bar>
        <Status role="status" $state={statusState(paused, live.connection)}>
          <Dot aria-hidden="true" />
          {statusText(paused, live.arrivedWhilePaused, live.connection)}
        </Status>
        <Button
          $variant="secondary"
          aria-pressed={paused}
          onClick={paused ? live.resume : live.pause}
        >
          {paused ? t.resume : t.pause}
        </Button>
      </Bar>
      <Table
        caption={t.caption}
        columns={columns}
        rows={live.rows}
        getRowId={(row) => row.id}
        emptyText={paused ? t.emptyPaused : t.empty}
      />
    </Dialog>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(3)};
`;

const Status = styled.p<{ $state: StatusState }>`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${({ $state }) =>
    $state === 'refused' || $state === 'reconnecting' ? theme.colors.danger : theme.colors.ink};
  /* The dot: green while events stream in, red while they cannot, grey otherwise. */
  --live-dot: ${({ $state }) =>
    $state === 'live'
      ? theme.colors.success
      : $state === 'refused' || $state === 'reconnecting'
        ? theme.colors.danger
        : theme.colors.inkMuted};
`;

const Dot = styled.span`
  flex: none;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: var(--live-dot);
`;

const StatusLines = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(1)};
`;

const Muted = styled.span`
  color: ${theme.colors.inkMuted};
`;
