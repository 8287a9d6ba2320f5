import type { CrmWriter } from '../../pipeline/write/crm-writer';
import { createHubspotWriter } from '../../pipeline/write/hubspot/hubspot-writer';
import { createPropertyCache } from '../../pipeline/write/hubspot/hubspot-properties';
import {
  createSalesforceFieldCache,
  createSalesforceWriter,
} from '../../pipeline/write/salesforce/salesforce-writer';
import type { PlanRecorder } from '../../pipeline/plan/plan-recorder';
import { recordingHubspotClient } from '../../pipeline/plan/recording-hubspot';
import { recordingSalesforceClient } from '../../pipeline/plan/recording-salesforce';
import type { CrmConnections, ProfileDoc } from '../profiles';
import { activitiesRecorded, writtenEventCounts } from './crm-writers';
import type { WebhookEventModel } from './webhook-event.model';

/**
 * The writer a plan-mode run uses for a profile: the real writer, built as createCrmWriters
 * builds it, over the recording client. Its caches are its own (the process's hold real ids and
 * catalogs; a plan's synthetic ids and "created" properties must never reach them) and it takes
 * no create claims (a claim is a write to the database). The log's counters and recorded
 * activities are read as the real run reads them.
 */
export function planWriterFor(
  deps: { connections: CrmConnections; events: WebhookEventModel },
  profile: ProfileDoc | null,
  recorder: PlanRecorder,
): { writer: CrmWriter | null; problem: string | null } {
  if (!profile) return { writer: null, problem: 'The CRM profile of this webhook was deleted.' };
  if (!profile.connection)
    return {
      writer: null,
      problem: `${profile.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot'} is not connected for this profile: connect it again under Connected accounts.`,
    };
  const counts = (leadKeys: readonly string[]) =>
    writtenEventCounts(deps.events, profile._id.toString(), leadKeys);
  const recordedActivities = (activityIds: readonly string[]) =>
    activitiesRecorded(deps.events, profile, activityIds);
  if (profile.crm === 'SALESFORCE')
    return {
      writer: createSalesforceWriter({
        client: recordingSalesforceClient(deps.connections.salesforceClient(profile), recorder),
        orgId: profile.organizationId,
        fieldCache: createSalesforceFieldCache(),
        writtenEventCounts: counts,
        recordedActivities,
      }),
      problem: null,
    };
  return {
    writer: createHubspotWriter({
      client: recordingHubspotClient(deps.connections.hubspotClient(profile), recorder),
      portalId: profile.organizationId,
      propertyCache: createPropertyCache(),
      writtenEventCounts: counts,
      recordedActivities,
    }),
    problem: null,
  };
}
