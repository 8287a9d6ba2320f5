export {
  assertPublicUrl,
  isPublicAddress,
  parseAllowHost,
  UnsafeUrlError,
  type HostLookup,
  type ResolvedAddress,
  type SafeFetchOptions,
  type UnsafeUrlReason,
} from './address-policy';
export { createSafeFetch, type SafeFetch } from './safe-fetch';
