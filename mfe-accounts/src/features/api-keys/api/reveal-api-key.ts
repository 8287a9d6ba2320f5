import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The key itself, for its owner only (the lists never carry it). */
export async function revealApiKey(client: AccountsApiClient, id: string): Promise<string> {
  const { apiKey } = await client.revealApiKey({ params: { id } });
  return apiKey;
}

/**
 * Reads a key for the show toggle or the update dialog. The caller keeps it in its own state:
 * the mutation is reset as soon as it settles and has no cache time, so the secret stays in no
 * cache the page shares (spec 02 §3: isShown is display-only).
 */
export function useRevealApiKey() {
  const client = useAccountsApi();
  const { mutateAsync, reset, isPending, variables } = useMutation({
    mutationFn: (id: string) => revealApiKey(client, id),
    gcTime: 0,
    meta: { errorToast: {} },
  });
  const reveal = useCallback(
    async (id: string): Promise<string> => {
      try {
        return await mutateAsync(id);
      } finally {
        reset();
      }
    },
    [mutateAsync, reset],
  );
  return { reveal, revealingId: isPending ? (variables ?? null) : null };
}
