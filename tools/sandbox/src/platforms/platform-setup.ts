import { asArray, asNumber, asString, isObject } from '../core/http.ts';
import type { InstantlyLabel, PlatformAccount, PlatformStore } from './platform-store.ts';
import { INSTANTLY_OWNER_ID } from './platform-store.ts';

/** What `POST /_sandbox/platforms/<platform>/accounts` (and the demo seed) can give an account. */
export interface AccountSetup {
  /** Smartlead lead categories / Instantly lead labels: names or `{name|label, sentiment}`. */
  categories?: unknown;
  /** Smartlead clients: names or `{name, email}`. */
  clients?: unknown;
  /** Campaigns: names or `{id, name}`. */
  campaigns?: unknown;
  /** HeyReach lists: names or `{name, listType}`. */
  lists?: unknown;
}

const CREATED = '2024-01-15T09:00:00.000Z';

/**
 * Fills an account with what its platform keeps. Categories apply to Smartlead (lead
 * categories) and Instantly (lead labels); HeyReach has none; bison ignores them. Category
 * ids count from `firstCategoryId` (the demo account's start at 1, as its leads expect).
 */
export function applyAccountSetup(
  store: PlatformStore,
  account: PlatformAccount,
  setup: AccountSetup,
  firstCategoryId?: number,
): void {
  const categories = asArray(setup.categories);
  if (account.platform === 'smartlead') {
    account.smartleadCategories.push(
      ...categories.map((entry, index) => ({
        id: firstCategoryId === undefined ? store.ids.take() : firstCategoryId + index,
        name: nameOf(entry, 'name') ?? `Category ${index + 1}`,
        created_at: CREATED,
      })),
    );
    account.smartleadClients.push(
      ...asArray(setup.clients).map((entry, index) => {
        const name = nameOf(entry, 'name') ?? `Client ${index + 1}`;
        return {
          id: isObject(entry) ? asNumber(entry.id, store.ids.take()) : store.ids.take(),
          name,
          email:
            (isObject(entry) ? asString(entry.email) : undefined) ??
            `ops@${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
          uuid: store.newUuid(),
        };
      }),
    );
  }
  if (account.platform === 'instantly') {
    categories.forEach((entry, index) => {
      const sentiment = isObject(entry) ? asString(entry.interest_status_label) : undefined;
      const label: InstantlyLabel = {
        id: store.newUuid(),
        timestamp_created: CREATED,
        created_by: INSTANTLY_OWNER_ID,
        organization_id: account.workspaceId,
        label: nameOf(entry, 'label') ?? `Label ${index + 1}`,
        interest_status_label:
          sentiment === 'negative' || sentiment === 'neutral' ? sentiment : 'positive',
        interest_status: 10 + index,
        description: (isObject(entry) ? asString(entry.description) : undefined) ?? '',
        use_with_ai: false,
      };
      if (label.interest_status_label === 'negative') label.interest_status = -(10 + index);
      account.instantlyLabels.push(label);
    });
  }
  account.campaigns.push(
    ...asArray(setup.campaigns).map((entry, index) => ({
      id: isObject(entry) ? asNumber(entry.id, store.ids.take()) : store.ids.take(),
      name: nameOf(entry, 'name') ?? `Campaign ${index + 1}`,
    })),
  );
  if (account.platform === 'heyreach') {
    for (const entry of asArray(setup.lists)) {
      const id = store.ids.take();
      account.heyreachLists.set(id, {
        id,
        name: nameOf(entry, 'name') ?? `List ${id}`,
        listType:
          isObject(entry) && asString(entry.listType) === 'COMPANY_LIST'
            ? 'COMPANY_LIST'
            : 'USER_LIST',
        creationTime: CREATED,
        campaignIds: isObject(entry)
          ? asArray(entry.campaignIds).map((value) => asNumber(value, 0))
          : [],
        leads: new Map(),
      });
    }
  }
}

function nameOf(entry: unknown, key: string): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!isObject(entry)) return undefined;
  return asString(entry[key]) ?? asString(entry.name) ?? asString(entry.label);
}
