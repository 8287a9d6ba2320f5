import {
  ErrorCodes,
  platformDisplayName,
  platformFacts,
  type CrmKind,
  type Platform,
} from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type HeyreachListCreateResponse,
  type HeyreachListsResponse,
  type HubspotCrmList,
  type HubspotListObjectTypeId,
  type PlatformClient,
  type SalesforceList,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import {
  createHeyreachClient,
  createSmartleadClient,
  type ConnectorFetch,
  type HeyreachClient,
  type SmartleadClient,
} from '../../connectors';
import type { HubspotList } from '../../connectors/crm/hubspot';
import { isConnectorError, SYSTEM_NAMES, type ConnectorError } from '../../connectors/http';
import { HttpError, notFound } from '../../platform/http/http-error';
import { markActedOn } from '../../platform/http/audit-context';
import type { SessionUser } from '../../platform/http/types';
import type { SecretBox } from '../../platform/secrets';
import type { ApiKeyRecords } from '../api-keys';
import {
  mayAccessProfile,
  toUpstreamError,
  upstream,
  upstreamMessage,
  type ProfileAccess,
  type ProfileDoc,
  type ProfileRecords,
  type ProfilesService,
} from '../profiles';

/** What the block-list forms pick from (spec 02 §7 "Block-list helpers"). */
export type BlockListHelpersService = {
  hubspotLists(user: SessionUser, profileId: string): Promise<HubspotCrmList[]>;
  salesforceLists(user: SessionUser, profileId: string): Promise<SalesforceList[]>;
  salesforceReportFields(user: SessionUser, profileId: string, reportId: string): Promise<string[]>;
  smartleadClients(user: SessionUser, apiKeyId: string): Promise<PlatformClient[]>;
  heyreachLists(user: SessionUser, apiKeyId: string): Promise<HeyreachListsResponse>;
  createHeyreachList(
    user: SessionUser,
    apiKeyId: string,
    listName: string,
  ): Promise<HeyreachListCreateResponse>;
};

export type BlockListHelpersDeps = {
  profiles: ProfilesService;
  profileRecords: ProfileRecords;
  apiKeys: ApiKeyRecords;
  secrets: SecretBox;
  /** Where Smartlead's and HeyReach's APIs are (config `platforms`). */
  platformUrls: { smartleadUrl: string; heyreachUrl: string };
  /** The SSRF-safe fetch. */
  fetch: ConnectorFetch;
};

/** A person waits on these calls (a form): one short attempt and one retry, no long 429 waits. */
const INTERACTIVE = { timeoutMs: 10_000, retries: 1, maxRetryAfterMs: 2_000 } as const;

/** The block-list forms offer contact lists first, then company lists. */
const LIST_OBJECT_TYPES: readonly HubspotListObjectTypeId[] = ['0-1', '0-2'];

const CRM_NAMES: Readonly<Record<CrmKind, string>> = {
  HUBSPOT: 'HubSpot',
  SALESFORCE: 'Salesforce',
};

export function createBlockListHelpersService(deps: BlockListHelpersDeps): BlockListHelpersService {
  const { connections } = deps.profiles;

  /** The caller's readable profile of `crm` with a working connection: else 404 or 409. */
  async function connectedProfile(
    user: SessionUser,
    profileId: string,
    crm: CrmKind,
  ): Promise<ProfileDoc> {
    const profile = await deps.profiles.requireProfile(user, profileId, 'read');
    if (profile.crm !== crm) throw notFound('No such profile, or it is not yours.');
    if (!profile.connection) {
      throw new HttpError(
        409,
        AccountsErrorCodes.notConnected,
        `Connect this ${CRM_NAMES[crm]} profile first.`,
      );
    }
    return profile;
  }

  /**
   * The key, in clear, when the caller may `access` its profile (else 404, as if it did not
   * exist) and it is a key of `platform` (else 400 naming what it is).
   */
  async function requireKey(
    user: SessionUser,
    keyId: string,
    access: ProfileAccess,
    platform: Platform,
    wrongPlatform: (actual: string) => string,
  ): Promise<string> {
    const key = Types.ObjectId.isValid(keyId) ? await deps.apiKeys.findById(keyId) : null;
    const profile = key ? await deps.profileRecords.findById(key.userProfileId) : null;
    if (!key || !profile || !mayAccessProfile(user, profile, access)) {
      throw notFound('No such API key, or it is not yours.');
    }
    markActedOn(
      profile.ownerId,
      `${platformDisplayName(key.platform)} API key of ${profile.email}`,
    );
    if (key.platform !== platform) {
      throw new HttpError(
        400,
        ErrorCodes.badRequest,
        wrongPlatform(platformFacts[key.platform].displayName),
      );
    }
    return deps.secrets.open(key.apiKeySealed);
  }

  function smartlead(apiKey: string): SmartleadClient {
    return createSmartleadClient({
      ...INTERACTIVE,
      baseUrl: deps.platformUrls.smartleadUrl,
      apiKey,
      fetch: deps.fetch,
    });
  }

  function heyreach(apiKey: string): HeyreachClient {
    return createHeyreachClient({
      ...INTERACTIVE,
      baseUrl: deps.platformUrls.heyreachUrl,
      apiKey,
      fetch: deps.fetch,
    });
  }

  const notHeyreach = (actual: string) =>
    `${actual} keys have no HeyReach lists: choose a HeyReach API key.`;

  return {
    async hubspotLists(user, profileId) {
      const profile = await connectedProfile(user, profileId, 'HUBSPOT');
      const client = connections.hubspotClient(profile);
      const pages = await upstream(async () => {
        // Contact and company lists at once; the answer waits for both, so no call of this
        // request is still running (or retrying) after it, even when the first one failed.
        const settled = await Promise.allSettled(
          LIST_OBJECT_TYPES.map((objectTypeId) => client.listLists({ objectTypeId })),
        );
        return settled.map((page) => {
          if (page.status === 'rejected') throw page.reason as Error;
          return page.value;
        });
      });
      return pages.flat().flatMap(toCrmList);
    },

    async salesforceLists(user, profileId) {
      const profile = await connectedProfile(user, profileId, 'SALESFORCE');
      const reports = await upstream(() => connections.salesforceClient(profile).listReports());
      return reports.map((report) => ({ Id: report.id, Name: report.name }));
    },

    async salesforceReportFields(user, profileId, reportId) {
      const profile = await connectedProfile(user, profileId, 'SALESFORCE');
      try {
        const report = await connections.salesforceClient(profile).describeReport(reportId);
        return report.detailColumns;
      } catch (error) {
        // An id the org does not know is the caller's mistake, not an outage.
        if (isConnectorError(error) && error.code === 'not_found') {
          throw notFound(`Salesforce has no report ${reportId}.`);
        }
        throw toUpstreamError(error);
      }
    },

    async smartleadClients(user, apiKeyId) {
      const apiKey = await requireKey(
        user,
        apiKeyId,
        'read',
        'smartlead',
        (actual) => `${actual} keys have no clients: choose a Smartlead API key.`,
      );
      try {
        const clients = await smartlead(apiKey).listClients();
        return clients.map(({ id, name, email }) => ({ id, name, email }));
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        throw new HttpError(502, AccountsErrorCodes.upstreamFailed, platformMessage(error));
      }
    },

    async heyreachLists(user, apiKeyId) {
      const apiKey = await requireKey(user, apiKeyId, 'read', 'heyreach', notHeyreach);
      try {
        const lists = await heyreach(apiKey).listLists();
        // Block lists add people (profile URLs): company lists cannot take them.
        return {
          success: true,
          error: null,
          lists: lists
            .filter((list) => list.listType !== 'COMPANY_LIST')
            .map(({ id, name }) => ({ id, name })),
        };
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        return { success: false, error: platformMessage(error), lists: [] };
      }
    },

    async createHeyreachList(user, apiKeyId, listName) {
      // Changes the customer's HeyReach account: the key's owner or an admin only.
      const apiKey = await requireKey(user, apiKeyId, 'write', 'heyreach', notHeyreach);
      try {
        const created = await heyreach(apiKey).createList(listName, 'USER_LIST');
        return { success: true, listId: created.id, error: null };
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        return { success: false, listId: null, error: platformMessage(error) };
      }
    },
  };
}

function toCrmList(list: HubspotList): HubspotCrmList[] {
  const objectTypeId = LIST_OBJECT_TYPES.find((type) => type === list.objectTypeId);
  if (!objectTypeId) return [];
  return [
    {
      listId: list.listId,
      name: list.name,
      objectTypeId,
      additionalProperties: { hs_list_size: list.size },
    },
  ];
}

/**
 * A failed platform call, as a sentence: a refusal names the key (there is no connection to
 * renew, unlike a CRM's), anything else reads as the CRM routes' failures do.
 */
function platformMessage(error: ConnectorError): string {
  const name = SYSTEM_NAMES[error.system];
  const said = error.vendorMessage ? `: ${error.vendorMessage}` : '.';
  if (error.code === 'unauthorized' || error.code === 'forbidden') {
    return `${name} refused the API key${said}`;
  }
  return upstreamMessage(error);
}
