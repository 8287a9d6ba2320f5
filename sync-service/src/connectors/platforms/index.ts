export {
  checkApiKeyWith,
  type ApiKeyCheck,
  type LeadCategory,
  type PlatformClientOptions,
  type PlatformSystem,
} from './platform-client';
export {
  SMARTLEAD_BASE_URL,
  createSmartleadClient,
  type SmartleadAgencyClient,
  type SmartleadClient,
} from './smartlead/smartlead-client';
export {
  INSTANTLY_BASE_URL,
  INSTANTLY_BLOCK_LIST_BATCH_MAX,
  INSTANTLY_BUILT_IN_CATEGORIES,
  createInstantlyClient,
  type InstantlyBlockListResult,
  type InstantlyClient,
} from './instantly/instantly-client';
export {
  bisonInstanceUrl,
  createBisonClient,
  type BisonBlacklistResult,
  type BisonClient,
} from './bison/bison-client';
export {
  HEYREACH_BASE_URL,
  HEYREACH_LEADS_BATCH_MAX,
  createHeyreachClient,
  type HeyreachAddLeadsResult,
  type HeyreachClient,
  type HeyreachList,
  type HeyreachListType,
} from './heyreach/heyreach-client';
export * from './history';
