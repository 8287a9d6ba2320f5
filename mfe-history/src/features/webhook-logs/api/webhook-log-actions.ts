import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookLogAction } from '@outsync/contracts/history';
import { useHistoryApi } from '../../../shared/api/history-api';
import type { WebhookLogFilterQuery } from './webhook-log-filters';
import { webhookLogKeys } from './webhook-logs-queries';

/** GET /api/admin/webhook-log-actions/{action}/count: asked when the user starts an action. */
export function useWebhookLogActionCount() {
  const client = useHistoryApi();
  return useMutation({
    mutationFn: (input: { action: WebhookLogAction; filters: WebhookLogFilterQuery }) =>
      client.webhookLogActionCount({
        params: { action: input.action },
        query: input.filters,
      }),
    meta: { errorToast: {} },
  });
}

/**
 * POST /api/admin/webhook-log-actions/{action}: retries or releases what the filters show. The
 * lists, counts and chart are stale afterwards (rows change status).
 */
export function useRunWebhookLogAction() {
  const client = useHistoryApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: WebhookLogAction; filters: WebhookLogFilterQuery }) =>
      client.webhookLogAction({ params: { action: input.action }, body: input.filters }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookLogKeys.all });
    },
    meta: { errorToast: {} },
  });
}
