import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CreateFieldsRequest, SuccessMessageResponse } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** Spec 01 §8 "Create Fields request failed". */
export const createFieldsFailed = 'Failed to create properties';

/** Create Fields: OutSync's custom fields on the chosen objects, permitted to the set. */
export function createFields(
  client: WebhooksAreaClient,
  body: CreateFieldsRequest,
): Promise<SuccessMessageResponse> {
  return client.createSalesforceFields({ body });
}

/**
 * Create Fields with its toasts (spec 01 §8): the service's message as a success toast, or
 * sticky when it says `success: false`; 'Failed to create properties', sticky, when the request
 * failed. Resolves whether the fields were created; `pending` while the request runs.
 */
export function useCreateFields() {
  const client = useWebhooksApi();
  const toast = useToast();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (body: CreateFieldsRequest) => createFields(client, body),
  });
  const create = useCallback(
    async (body: CreateFieldsRequest) => {
      const answer = await mutateAsync(body).catch(() => null);
      if (answer === null) {
        toast.show({ severity: 'error', detail: createFieldsFailed, life: 0 });
        return false;
      }
      if (answer.success) {
        toast.show({ severity: 'success', detail: answer.message });
        return true;
      }
      toast.show({ severity: 'error', detail: answer.message, life: 0 });
      return false;
    },
    [mutateAsync, toast],
  );
  return { create, pending: isPending };
}
