import { Types } from 'mongoose';
import type { CreateClaims, CrmWriter } from '../../pipeline/write/crm-writer';
import { createHubspotWriter } from '../../pipeline/write/hubspot/hubspot-writer';
import { createPropertyCache } from '../../pipeline/write/hubspot/hubspot-properties';
import { createRecordIdCache } from '../../pipeline/write/record-id-cache';
import {
  createSalesforceFieldCache,
  createSalesforceWriter,
} from '../../pipeline/write/salesforce/salesforce-writer';
import type { CrmConnections, ProfileDoc } from '../profiles';
import type { WebhookEventModel } from './webhook-event.model';

export type CrmWriters = {
  /** The writer of the profile's CRM account, or why there is none (in words for the log). */
  writerFor(profile: ProfileDoc | null): { writer: CrmWriter | null; problem: string | null };
};

/**
 * The CRM writers of this process, one per account: their caches (HubSpot properties,
 * Salesforce fields, record ids) are shared by every batch, and writes to one account run one
 * after another.
 */
export function createCrmWriters(deps: {
  connections: CrmConnections;
  events: WebhookEventModel;
  createClaims: CreateClaims;
}): CrmWriters {
  const propertyCache = createPropertyCache();
  const salesforceFieldCache = createSalesforceFieldCache();
  const recordIds = createRecordIdCache();
  const queue = createAccountQueue();

  return {
    writerFor(profile) {
      if (!profile)
        return { writer: null, problem: 'The CRM profile of this webhook was deleted.' };
      if (!profile.connection)
        return {
          writer: null,
          problem: `${profile.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot'} is not connected for this profile: connect it again under Connected accounts.`,
        };
      const counts = (leadKeys: readonly string[]) =>
        writtenEventCounts(deps.events, profile._id.toString(), leadKeys);
      const recordedActivities = (activityIds: readonly string[]) =>
        activitiesRecorded(deps.events, profile, activityIds);
      if (profile.crm === 'SALESFORCE') {
        const writer = createSalesforceWriter({
          client: deps.connections.salesforceClient(profile),
          orgId: profile.organizationId,
          fieldCache: salesforceFieldCache,
          writtenEventCounts: counts,
          personIds: recordIds,
          recordedActivities,
          createClaims: deps.createClaims,
        });
        return {
          writer: queue.oneAtATime(`salesforce:${profile.organizationId}`, writer),
          problem: null,
        };
      }
      const writer = createHubspotWriter({
        client: deps.connections.hubspotClient(profile),
        portalId: profile.organizationId,
        propertyCache,
        writtenEventCounts: counts,
        contactIds: recordIds,
        recordedActivities,
        createClaims: deps.createClaims,
      });
      return {
        writer: queue.oneAtATime(`hubspot:${profile.organizationId}`, writer),
        problem: null,
      };
    },
  };
}

/**
 * Writes to one CRM account run one after another in this process: two batches that both look
 * for a new company's domain would otherwise both create it (HubSpot keeps domains non-unique).
 */
function createAccountQueue() {
  const accountQueues = new Map<string, Promise<unknown>>();
  return {
    oneAtATime(accountKey: string, writer: CrmWriter): CrmWriter {
      return {
        write(items, record, onTurn) {
          const previous = accountQueues.get(accountKey) ?? Promise.resolve();
          const run = previous
            .catch(() => undefined)
            .then(async () => writer.write(onTurn ? await onTurn(items) : items, record));
          const tail = run.catch(() => undefined);
          accountQueues.set(accountKey, tail);
          void tail.then(() => {
            if (accountQueues.get(accountKey) === tail) accountQueues.delete(accountKey);
          });
          return run;
        },
      };
    },
  };
}

/**
 * Of these activity ids, those an event of the same CRM account (any profile connected to it)
 * records, with that event's id.
 */
export async function activitiesRecorded(
  events: WebhookEventModel,
  profile: ProfileDoc,
  activityIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await events
    .find(
      {
        'steps.engagementId': { $in: [...activityIds] },
        crm: profile.crm,
        hubId: profile.organizationId,
      },
      { _id: 1, 'steps.engagementId': 1 },
    )
    .lean<Array<{ _id: Types.ObjectId; steps: { engagementId?: string } }>>();
  const owners = new Map<string, string>();
  for (const row of rows)
    if (row.steps.engagementId) owners.set(row.steps.engagementId, row._id.toString());
  return owners;
}

/** Per lead, the opens and clicks of the profile whose contact write is recorded. */
export async function writtenEventCounts(
  events: WebhookEventModel,
  userProfileId: string,
  leadKeys: readonly string[],
) {
  const rows = await events.aggregate<{
    _id: { leadKey: string; eventType: string };
    n: number;
  }>([
    {
      $match: {
        userProfileId: new Types.ObjectId(userProfileId),
        leadKey: { $in: leadKeys },
        eventType: { $in: ['EMAIL_OPEN', 'EMAIL_LINK_CLICK'] },
        'steps.contactWritten': true,
      },
    },
    { $group: { _id: { leadKey: '$leadKey', eventType: '$eventType' }, n: { $sum: 1 } } },
  ]);
  const counts = new Map<string, { opens: number; clicks: number }>();
  for (const { _id, n } of rows) {
    const entry = counts.get(_id.leadKey) ?? { opens: 0, clicks: 0 };
    if (_id.eventType === 'EMAIL_OPEN') entry.opens = n;
    else entry.clicks = n;
    counts.set(_id.leadKey, entry);
  }
  return counts;
}
