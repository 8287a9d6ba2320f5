import type { SafeFetch } from '../safe-fetch';
import type { Metrics } from './metrics';

/** What a connector says about its call: the system it talks to (`hubspot`, `smartlead`…). */
export type OutboundCall = { system: string };

/** A fetch that may be told which system a call is for (the connectors' HTTP client does). */
export type MeteredFetch = (
  input: string | URL | Request,
  init?: RequestInit,
  call?: OutboundCall,
) => Promise<Response>;

/**
 * `fetch` that counts each call by the system its caller names (untagged calls, such as
 * forwards to customers' endpoints, count as `other`) and its status class, and times it.
 */
export function meteredFetch(fetch: SafeFetch, metrics: Metrics): MeteredFetch {
  return async (input, init, call) => {
    const system = call?.system ?? 'other';
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      metrics.outboundCall(system, response.status, (performance.now() - started) / 1000);
      return response;
    } catch (error) {
      metrics.outboundCall(system, null, (performance.now() - started) / 1000);
      throw error;
    }
  };
}
