import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import type {
  Backfill,
  BackfillCampaignList,
  BackfillStartRequest,
} from '@outsync/contracts/webhooks';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';

// "Import past activity" (issue 34, item 3): the backfill routes as the dialog calls them.

/** How often a running backfill is read again (docs/decisions.md, "Backfill job"). */
export const BACKFILL_POLL_MS = 1500;

const keys = {
  all: (webhookId: string) => ['webhooks', webhookId, 'backfills'] as const,
  campaigns: (webhookId: string, apiKeyId: string | null) =>
    ['webhooks', webhookId, 'backfills', 'campaigns', apiKeyId] as const,
  one: (webhookId: string, backfillId: string) =>
    ['webhooks', webhookId, 'backfills', 'one', backfillId] as const,
  keys: (profileId: string, platform: Platform) =>
    ['webhooks', 'backfill-keys', profileId, platform] as const,
};

/** Still going: the dialog keeps reading it. */
export function isUnfinished(backfill: Pick<Backfill, 'status'>): boolean {
  return (
    backfill.status === 'queued' ||
    backfill.status === 'running' ||
    backfill.status === 'paused-for-rate-limit'
  );
}

/** The profile's keys of the webhook's platform (the key picker shows when there are several). */
export function useBackfillKeys(profileId: string, platform: Platform | null) {
  const client = useWebhooksApi();
  return useQuery({
    queryKey: keys.keys(profileId, platform ?? 'smartlead'),
    queryFn: ({ signal }): Promise<ApiKey[]> =>
      client.profileApiKeys(
        { params: { userId: profileId }, query: platform ? { platform } : {} },
        { signal },
      ),
    enabled: platform !== null,
  });
}

/** The account's campaigns, read with the key chosen (the webhook's own when null). */
export function useBackfillCampaigns(webhookId: string, apiKeyId: string | null, enabled = true) {
  const client = useWebhooksApi();
  return useQuery({
    queryKey: keys.campaigns(webhookId, apiKeyId),
    queryFn: ({ signal }): Promise<BackfillCampaignList> =>
      client.backfillCampaigns(
        { params: { id: webhookId }, query: apiKeyId ? { apiKeyId } : {} },
        { signal },
      ),
    enabled,
    retry: false,
  });
}

/** The newest backfill of the webhook (what reopening the dialog shows), or null. */
export function useLatestBackfill(webhookId: string) {
  const client = useWebhooksApi();
  return useQuery({
    queryKey: keys.all(webhookId),
    queryFn: async ({ signal }): Promise<Backfill | null> =>
      (await client.listBackfills({ params: { id: webhookId } }, { signal })).backfills[0] ?? null,
  });
}

/** One backfill, read again every BACKFILL_POLL_MS while it is unfinished. */
export function useFollowedBackfill(webhookId: string, initial: Backfill | null) {
  const client = useWebhooksApi();
  return useQuery({
    queryKey: keys.one(webhookId, initial?.id ?? ''),
    queryFn: ({ signal }): Promise<Backfill> =>
      client.getBackfill({ params: { id: webhookId, backfillId: initial?.id ?? '' } }, { signal }),
    enabled: initial !== null,
    initialData: initial ?? undefined,
    // initialData counts as fresh otherwise: a running one is read again at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) =>
      query.state.data && isUnfinished(query.state.data) ? BACKFILL_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}

export function useStartBackfill(webhookId: string) {
  const client = useWebhooksApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackfillStartRequest) =>
      client.startBackfill({ params: { id: webhookId }, body }),
    onSuccess: (started) => queryClient.setQueryData(keys.all(webhookId), started),
  });
}

export function useCancelBackfill(webhookId: string) {
  const client = useWebhooksApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backfillId: string) =>
      client.cancelBackfill({ params: { id: webhookId, backfillId } }),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(keys.one(webhookId, cancelled.id), cancelled);
      queryClient.setQueryData(keys.all(webhookId), cancelled);
    },
  });
}
