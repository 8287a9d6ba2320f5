import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, crmDisplayNames } from '@outsync/contracts';
import type { TaskType } from '@outsync/contracts/accounts';
import { useWebhooksApi } from '../../../shared/api/webhooks-api';
import type { WebhooksAreaClient } from './webhooks-area-client';

/** Spec 01 §8: the org's task types could not be read, and the service said nothing more. */
export const taskTypesUnavailable = `Task Type "Other" not found in ${crmDisplayNames.SALESFORCE}. Please add it manually.`;

/** The answer said `success: false`: a failure of the query, told with the service's words. */
const taskTypesRefused = 'task_types_unavailable';

/**
 * The active values of Salesforce's Task Type picklist. An answer with `success: false` fails
 * the query with its `error` (the one ApiError → toast mapping then shows it).
 */
export async function getTaskTypes(
  client: WebhooksAreaClient,
  userProfileId: string,
  signal?: AbortSignal,
): Promise<TaskType[]> {
  const answer = await client.salesforceTaskTypes({ params: { userProfileId } }, { signal });
  if (answer.success) return answer.data;
  throw new ApiError({
    status: 200,
    code: taskTypesRefused,
    message: answer.error?.trim() || taskTypesUnavailable,
  });
}

export const taskTypesQueryKey = (userProfileId: string) =>
  ['webhook-form', 'task-types', userProfileId] as const;

/**
 * Loaded once per profile (spec 01 §4: "only if none are loaded yet"). A failure is a sticky
 * warning with the service's message, falling back to the spec's text (§8).
 */
export function taskTypesQueryOptions(client: WebhooksAreaClient, userProfileId: string) {
  return queryOptions({
    queryKey: taskTypesQueryKey(userProfileId),
    queryFn: ({ signal }) => getTaskTypes(client, userProfileId, signal),
    staleTime: Infinity,
    meta: {
      errorToast: {
        severity: 'warn',
        life: 0,
        failed: taskTypesUnavailable,
        exception: taskTypesUnavailable,
      },
    },
  });
}

/** Asked when the log type is 1 (Task Object). */
export function useTaskTypes(userProfileId: string, { enabled }: { enabled: boolean }) {
  const client = useWebhooksApi();
  return useQuery({ ...taskTypesQueryOptions(client, userProfileId), enabled });
}
