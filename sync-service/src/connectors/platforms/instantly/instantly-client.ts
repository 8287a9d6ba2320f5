import { z } from 'zod';
import { collectPages } from '../../http';
import {
  checkApiKeyWith,
  platformHttpClient,
  type ApiKeyCheck,
  type LeadCategory,
  type PlatformClientOptions,
} from '../platform-client';

/** The real API; the sandbox answers the same paths under `<sandbox>/instantly`. */
export const INSTANTLY_BASE_URL = 'https://api.instantly.ai';

/**
 * Instantly's built-in interest statuses (`lt_interest_status`, OpenAPI v2 Lead schema). The API
 * lists only custom labels, so these come first, fixed. The id is the status number, the value
 * Instantly keeps on a lead for built-in and custom labels alike.
 */
export const INSTANTLY_BUILT_IN_CATEGORIES: readonly LeadCategory[] = [
  { id: '1', name: 'Interested' },
  { id: '2', name: 'Meeting Booked' },
  { id: '3', name: 'Meeting Completed' },
  { id: '4', name: 'Won' },
  { id: '0', name: 'Out of Office' },
  { id: '-1', name: 'Not Interested' },
  { id: '-2', name: 'Wrong Person' },
  { id: '-3', name: 'Lost' },
  { id: '-4', name: 'No Show' },
];

export type InstantlyClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
  /** The built-in statuses, then the workspace's custom lead labels (by interest status). */
  listLeadCategories(): Promise<LeadCategory[]>;
};

const LABELS_PAGE = 100;

const WorkspaceSchema = z.looseObject({ id: z.string() });

const LabelsPageSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string(),
      interest_status: z.number().int(),
      timestamp_created: z.string().nullish(),
    }),
  ),
  next_starting_after: z.string().nullish(),
});

/** Instantly API v2; the key travels as `Authorization: Bearer`. */
export function createInstantlyClient(options: PlatformClientOptions): InstantlyClient {
  const http = platformHttpClient('instantly', options, ({ headers }) =>
    headers.set('authorization', `Bearer ${options.apiKey}`),
  );

  return {
    // The workspace the key belongs to: Instantly's own "who am I".
    checkApiKey: () =>
      checkApiKeyWith('instantly', () =>
        http.request({
          operation: 'checkApiKey',
          method: 'GET',
          path: '/api/v2/workspaces/current',
          schema: WorkspaceSchema,
        }),
      ),

    async listLeadCategories() {
      const labels = await collectPages(
        { system: 'instantly', operation: 'listLeadCategories' },
        async (startingAfter?: string) => {
          const page = await http.request({
            operation: 'listLeadCategories',
            method: 'GET',
            path: '/api/v2/lead-labels',
            query: { limit: LABELS_PAGE, starting_after: startingAfter },
            schema: LabelsPageSchema,
          });
          return { items: page.items, next: page.next_starting_after ?? undefined };
        },
      );
      const custom = labels.map((label) => ({
        id: String(label.interest_status),
        name: label.label,
        ...(label.timestamp_created ? { createdAt: label.timestamp_created } : {}),
      }));
      const builtIn = new Set(INSTANTLY_BUILT_IN_CATEGORIES.map((category) => category.id));
      return [
        ...INSTANTLY_BUILT_IN_CATEGORIES,
        ...custom.filter((category) => !builtIn.has(category.id)),
      ];
    },
  };
}
