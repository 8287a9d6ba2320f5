import type { Platform } from '@outsync/contracts';
import type { PlatformClientOptions } from '../platform-client';
import { createBisonHistoryReader } from './bison-history';
import { createHeyreachHistoryReader } from './heyreach-history';
import type { HistoryReader } from './history-reader';
import { createInstantlyHistoryReader } from './instantly-history';
import { createSmartleadHistoryReader } from './smartlead-history';

export {
  HISTORY_SUPPORT,
  type BackfillEvent,
  type HistoryCampaign,
  type HistoryPage,
  type HistoryProgress,
  type HistoryReadRequest,
  type HistoryReader,
  type HistorySupport,
} from './history-reader';
export { SMARTLEAD_LEADS_PAGE, createSmartleadHistoryReader } from './smartlead-history';
export {
  INSTANTLY_EMAILS_PAGE,
  INSTANTLY_EMAILS_PER_MINUTE,
  createInstantlyHistoryReader,
} from './instantly-history';
export { createBisonHistoryReader } from './bison-history';
export { CAMPAIGN_LIST_MAX, listPlatformCampaigns, type PlatformCampaign } from './campaign-list';
export { HEYREACH_CONVERSATIONS_PAGE, createHeyreachHistoryReader } from './heyreach-history';

const READERS: Readonly<Record<Platform, (options: PlatformClientOptions) => HistoryReader>> = {
  smartlead: createSmartleadHistoryReader,
  instantly: createInstantlyHistoryReader,
  bison: createBisonHistoryReader,
  heyreach: createHeyreachHistoryReader,
};

/** The history reader of a platform's account (every platform has one; see HISTORY_SUPPORT). */
export function createHistoryReader(
  platform: Platform,
  options: PlatformClientOptions,
): HistoryReader {
  return READERS[platform](options);
}
