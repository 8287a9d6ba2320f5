import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import { taskTypesUnavailable } from './get-task-types';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** Spec 01 §8 "Task type request exception". */
export const taskTypeCheckFailed = 'Failed to verify Task Type';

export interface ValidateTaskTypeInput {
  userProfileId: string;
  taskType: string;
}

/** Whether the org's Task Type picklist has the value (the social tool's 'Other'). */
export function validateTaskType(
  client: WebhooksAreaClient,
  body: ValidateTaskTypeInput,
): Promise<SuccessMessageResponse> {
  return client.validateSalesforceTaskType({ body });
}

/**
 * Checks the task type with the service before a save, and says why not when it is missing:
 * the service's message as a sticky warning (falling back to the spec's text), or 'Failed to
 * verify Task Type' when the check itself failed. Resolves whether saving may go on.
 */
export function useValidateTaskType(): (input: ValidateTaskTypeInput) => Promise<boolean> {
  const client = useWebhooksApi();
  const toast = useToast();
  const { mutateAsync } = useMutation({
    mutationFn: (input: ValidateTaskTypeInput) => validateTaskType(client, input),
  });
  return useCallback(
    async (input: ValidateTaskTypeInput) => {
      const answer = await mutateAsync(input).catch(() => null);
      if (answer === null) {
        toast.show({ severity: 'error', detail: taskTypeCheckFailed });
        return false;
      }
      if (answer.success) return true;
      toast.show({
        severity: 'warn',
        detail: answer.message.trim() || taskTypesUnavailable,
        life: 0,
      });
      return false;
    },
    [mutateAsync, toast],
  );
}
