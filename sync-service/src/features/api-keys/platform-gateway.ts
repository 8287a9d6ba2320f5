import type { Platform } from '@outsync/contracts';
import type { LeadCategory } from '@outsync/contracts/accounts';
import {
  createBisonClient,
  createHeyreachClient,
  createInstantlyClient,
  createSmartleadClient,
  type BisonClient,
  type ConnectorFetch,
  type HeyreachClient,
  type InstantlyClient,
  type SmartleadClient,
} from '../../connectors';

/** What a stored key opens: the platform, the key in clear, and bison's instance address. */
export type KeyCredentials = { platform: Platform; apiKey: string; baseUrl: string | null };

/** The platform's answer about a key; a platform that cannot tell throws a ConnectorError. */
export type KeyCheck = { valid: true } | { valid: false; message: string };

/** A platform client for a stored key, told apart by its platform. */
export type PlatformClientFor =
  | { platform: 'smartlead'; client: SmartleadClient }
  | { platform: 'instantly'; client: InstantlyClient }
  | { platform: 'bison'; client: BisonClient }
  | { platform: 'heyreach'; client: HeyreachClient };

/**
 * The platform calls the API keys module makes, behind one seam so the module's rules read
 * without the connectors' details and tests can swap a platform for a stub.
 */
export type PlatformGateway = {
  /**
   * Asks the platform whether it accepts the key. Throws `UnsafeUrlError` for a bison base URL
   * that is not a public address, and `ConnectorError` when the platform cannot tell.
   */
  checkKey(credentials: KeyCredentials): Promise<KeyCheck>;
  /**
   * The categories Smartlead and Instantly hold for the key; throws `ConnectorError` on a
   * refusal or when the platform does not answer. Only called for those two.
   */
  readLeadCategories(credentials: KeyCredentials): Promise<LeadCategory[]>;
  /** A client for background work (the sync engine): the connectors' default patience. */
  clientFor(credentials: KeyCredentials): PlatformClientFor;
};

export type PlatformGatewayDeps = {
  /** Where each platform's API is (config `platforms`); bison's is the key's base URL. */
  urls: { smartleadUrl: string; instantlyUrl: string; heyreachUrl: string };
  /** The SSRF-safe fetch. */
  fetch: ConnectorFetch;
  /** Throws `UnsafeUrlError` unless the URL is a public address (or allow-listed). */
  assertPublicUrl: (url: string) => Promise<void>;
};

/**
 * A person waits on these calls (a form, a button): one short attempt and one retry, and a
 * rate limit is reported rather than sat out.
 */
const INTERACTIVE = { timeoutMs: 10_000, retries: 1, maxRetryAfterMs: 2_000 } as const;

export function createPlatformGateway(deps: PlatformGatewayDeps): PlatformGateway {
  function clientFor(
    credentials: KeyCredentials,
    patience: Partial<typeof INTERACTIVE> = {},
  ): PlatformClientFor {
    const options = { apiKey: credentials.apiKey, fetch: deps.fetch, ...patience };
    switch (credentials.platform) {
      case 'smartlead':
        return {
          platform: 'smartlead',
          client: createSmartleadClient({ ...options, baseUrl: deps.urls.smartleadUrl }),
        };
      case 'instantly':
        return {
          platform: 'instantly',
          client: createInstantlyClient({ ...options, baseUrl: deps.urls.instantlyUrl }),
        };
      case 'bison':
        return {
          platform: 'bison',
          client: createBisonClient({ ...options, baseUrl: credentials.baseUrl ?? '' }),
        };
      case 'heyreach':
        return {
          platform: 'heyreach',
          client: createHeyreachClient({ ...options, baseUrl: deps.urls.heyreachUrl }),
        };
    }
  }

  return {
    async checkKey(credentials) {
      // A customer-typed address: refused with the guard's own reason before any call.
      if (credentials.platform === 'bison') await deps.assertPublicUrl(credentials.baseUrl ?? '');
      return clientFor(credentials, INTERACTIVE).client.checkApiKey();
    },

    async readLeadCategories(credentials) {
      const opened = clientFor(credentials, INTERACTIVE);
      if (opened.platform !== 'smartlead' && opened.platform !== 'instantly') {
        throw new Error(`${credentials.platform} lead categories are not read from the platform`);
      }
      const categories = await opened.client.listLeadCategories();
      return categories.map((category) => ({
        id: category.id,
        name: category.name,
        created_at: category.createdAt ?? null,
      }));
    },

    clientFor: (credentials) => clientFor(credentials),
  };
}
