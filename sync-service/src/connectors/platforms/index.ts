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
  INSTANTLY_BUILT_IN_CATEGORIES,
  createInstantlyClient,
  type InstantlyClient,
} from './instantly/instantly-client';
export { bisonInstanceUrl, createBisonClient, type BisonClient } from './bison/bison-client';
export {
  HEYREACH_BASE_URL,
  createHeyreachClient,
  type HeyreachClient,
  type HeyreachList,
  type HeyreachListType,
} from './heyreach/heyreach-client';
