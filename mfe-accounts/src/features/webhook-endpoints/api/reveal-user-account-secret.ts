import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AccountsApiClient } from '@outsync/contracts/accounts';
import { useAccountsApi } from '../../../shared/api/accounts-api';

/** The endpoint's signing secret, for those who may manage it (the list never carries it). */
export async function revealUserAccountSecret(
  client: AccountsApiClient,
  id: string,
): Promise<string> {
  const { signingSecret } = await client.revealUserAccountSecret({ params: { id } });
  return signingSecret;
}

/**
 * Reads a signing secret for the show toggle or the copy button. The caller keeps it in its own
 * state: the mutation is reset as soon as it settles and has no cache time, so the secret stays
 * in no cache the page shares.
 */
export function useRevealUserAccountSecret() {
  const client = useAccountsApi();
  const { mutateAsync, reset, isPending } = useMutation({
    mutationFn: (id: string) => revealUserAccountSecret(client, id),
    gcTime: 0,
    // "an error carries message" (spec 02 §7): the service's.
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
  return { reveal, revealing: isPending };
}
