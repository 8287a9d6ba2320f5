import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RouteClient } from '@outsync/contracts';
import type { WebhookLog, WebhookLogsPage } from '@outsync/contracts/history';
import { FINAL_SYNC_STATUSES } from '@outsync/contracts/history';
import { useToast } from '@outsync/ui';
import { useHistoryApi, type HistoryAreaRoutes } from '../../../shared/api/history-api';
import { webhookLogKeys } from './webhook-logs-queries';

type Client = Pick<
  RouteClient<HistoryAreaRoutes>,
  'retryWebhookLog' | 'releaseWebhookLog' | 'webhookLog'
>;

/** A row's own action: Retry a failed or partially synced event, Release a held one. */
export type RowAction = 'retry' | 'release';

/** How long to wait before each look at a retried or released event; the last delay repeats. */
export const RETRY_POLL_DELAYS_MS = [500, 1000, 2000] as const;
/** Looks before giving up (the row keeps its last known state; a reload shows the outcome). */
const MAX_POLLS = 90;

/** Each row action's button, its label while the event runs, and its toasts. */
export const rowActionTexts = {
  retry: {
    label: 'Retry',
    busy: 'Retrying...',
    finished: (id: string, status: string) => `Retry of ${id} finished: ${status}.`,
    stillRunning: (id: string) => `The retry of ${id} is still running; reload later to see it.`,
  },
  release: {
    label: 'Release',
    busy: 'Releasing...',
    finished: (id: string, status: string) => `Release of ${id} finished: ${status}.`,
    stillRunning: (id: string) => `The release of ${id} is still running; reload later to see it.`,
  },
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Without the detail's payload: the row as the list holds it. */
function rowOf(detail: WebhookLog & { payload?: unknown }): WebhookLog {
  const { payload: _payload, ...row } = detail;
  return row;
}

/**
 * POST /api/admin/webhook-logs/:id/retry (or /release), then GET /api/admin/webhook-logs/:id
 * until the status is final (no longer 'received'). `onQueued` shows the re-queued row meanwhile.
 */
export async function runRowAction(
  client: Client,
  action: RowAction,
  id: string,
  onQueued: (row: Partial<WebhookLog>) => void,
): Promise<{ row: WebhookLog; final: boolean }> {
  const queued =
    action === 'retry'
      ? await client.retryWebhookLog({ params: { id } })
      : await client.releaseWebhookLog({ params: { id } });
  onQueued({ status: queued.status, canRetry: false, canRelease: false });
  let latest: WebhookLog | null = null;
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    await sleep(RETRY_POLL_DELAYS_MS[Math.min(poll, RETRY_POLL_DELAYS_MS.length - 1)]!);
    latest = rowOf(await client.webhookLog({ params: { id } }));
    if (FINAL_SYNC_STATUSES.includes(latest.status)) return { row: latest, final: true };
  }
  return { row: latest ?? rowOf(await client.webhookLog({ params: { id } })), final: false };
}

/** Replaces one row wherever a webhook-logs list holds it. */
function useUpdateRow() {
  const queryClient = useQueryClient();
  return (id: string, change: Partial<WebhookLog>) => {
    queryClient.setQueriesData<InfiniteData<WebhookLogsPage>>(
      { queryKey: webhookLogKeys.lists },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((row) => (row.id === id ? { ...row, ...change } : row)),
          })),
        },
    );
  };
}

/** Retry or Release of one row: the row follows the event until its status is final. */
export function useRowAction(action: RowAction, id: string) {
  const client = useHistoryApi();
  const queryClient = useQueryClient();
  const updateRow = useUpdateRow();
  const toast = useToast();
  return useMutation({
    mutationFn: () => runRowAction(client, action, id, (change) => updateRow(id, change)),
    // Options-level callbacks run even when the row has scrolled out of view (unmounted).
    onSuccess: ({ row, final }) => {
      updateRow(id, row);
      // The dialog's copy, the chart's counts by status and a count by status are stale now
      // (the list keeps its pages: the row is updated in place).
      void queryClient.invalidateQueries({ queryKey: webhookLogKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: webhookLogKeys.dailies });
      void queryClient.invalidateQueries({ queryKey: webhookLogKeys.counts });
      const texts = rowActionTexts[action];
      toast.show(
        final
          ? {
              severity: row.status === 'failed' ? 'warn' : 'success',
              detail: texts.finished(id, row.status.replace(/_/g, ' ')),
            }
          : { severity: 'info', detail: texts.stillRunning(id) },
      );
    },
    // The service's message ('not retryable', 'not held', 'forbidden'…); a 401 goes to /unauthorized.
    meta: { errorToast: {} },
  });
}
