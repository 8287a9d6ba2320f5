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

/**
 * A lead's interest status (`lt_interest_status`): null when the lead has none; `label` names
 * the built-in statuses only (a custom label's name is in `listLeadCategories`).
 */
export type InstantlyLeadInterest = { interestStatus: number | null; label: string | null };

/** What a bulk block-list add took: the values Instantly stored, and how many it refused. */
export type InstantlyBlockListResult = { accepted: string[]; invalidCount: number };

export type InstantlyClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
  /** The built-in statuses, then the workspace's custom lead labels (by interest status). */
  listLeadCategories(): Promise<LeadCategory[]>;
  /**
   * The interest status of the lead with this e-mail (in `campaignId` when given); null when
   * Instantly has no such lead.
   */
  getLeadInterestStatus(email: string, campaignId?: string): Promise<InstantlyLeadInterest | null>;
  /**
   * Adds 1–1,000 e-mails or domains to the workspace's block list. Invalid values are skipped
   * and counted, not fatal; `accepted` holds the stored values as Instantly spells them.
   */
  addBlockListEntries(values: string[]): Promise<InstantlyBlockListResult>;
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

/**
 * An e-mail is one lead per campaign; a few pages' worth covers a lead in several campaigns and
 * the near matches a `search` may add.
 */
const LEAD_LOOKUP_LIMIT = 10;

const LeadsPageSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      email: z.string().nullish(),
      lt_interest_status: z.number().int().nullish(),
      timestamp_last_interest_change: z.string().nullish(),
    }),
  ),
});

/** `bl_values` takes 1–1,000 items (OpenAPI v2). */
export const INSTANTLY_BLOCK_LIST_BATCH_MAX = 1000;

const BulkBlockListSchema = z.looseObject({
  items: z.array(z.looseObject({ bl_value: z.string() })),
  valid_count: z.number().int().nonnegative(),
  invalid_count: z.number().int().nonnegative(),
});

type ListedLead = z.output<typeof LeadsPageSchema>['items'][number];

const BUILT_IN_LABELS: ReadonlyMap<string, string> = new Map(
  INSTANTLY_BUILT_IN_CATEGORIES.map((category) => [category.id, category.name]),
);

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

    async getLeadInterestStatus(email, campaignId) {
      const page = await http.request({
        operation: 'getLeadInterestStatus',
        method: 'POST',
        path: '/api/v2/leads/list',
        // `contacts` matches the e-mail exactly; `search` also matches names and parts of
        // addresses, so the answer is filtered on the e-mail below either way.
        json: {
          search: email,
          contacts: [email],
          ...(campaignId === undefined ? {} : { campaign: campaignId }),
          limit: LEAD_LOOKUP_LIMIT,
        },
        idempotent: true,
        schema: LeadsPageSchema,
      });
      const lead = latestInterest(page.items.filter((item) => sameEmail(item.email, email)));
      if (!lead) return null;
      const status = lead.lt_interest_status ?? null;
      return {
        interestStatus: status,
        label: status === null ? null : (BUILT_IN_LABELS.get(String(status)) ?? null),
      };
    },

    async addBlockListEntries(values) {
      if (values.length < 1 || values.length > INSTANTLY_BLOCK_LIST_BATCH_MAX) {
        throw new RangeError(
          `Instantly adds 1 to ${INSTANTLY_BLOCK_LIST_BATCH_MAX} block-list values a call, not ${values.length}.`,
        );
      }
      const answer = await http.request({
        operation: 'addBlockListEntries',
        method: 'POST',
        path: '/api/v2/block-lists-entries/bulk-create',
        json: { bl_values: values },
        // A value blocked already stays one entry, so repeating after an outage is harmless.
        idempotent: true,
        schema: BulkBlockListSchema,
      });
      return {
        accepted: answer.items.map((entry) => entry.bl_value),
        invalidCount: answer.invalid_count,
      };
    },
  };
}

function sameEmail(candidate: string | null | undefined, email: string): boolean {
  return candidate?.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * The lead whose interest status changed last: without a campaign, the same person may be a lead
 * in several, and the latest change is the one the customer made most recently.
 */
function latestInterest(leads: readonly ListedLead[]): ListedLead | undefined {
  const changedAt = (lead: ListedLead) =>
    Date.parse(lead.timestamp_last_interest_change ?? '') || 0;
  return leads.reduce<ListedLead | undefined>(
    (latest, lead) => (latest === undefined || changedAt(lead) > changedAt(latest) ? lead : latest),
    undefined,
  );
}
