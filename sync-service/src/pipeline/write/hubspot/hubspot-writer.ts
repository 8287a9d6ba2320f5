import { skipAutomatedReplies } from '../automated-replies';
import type { CrmWriter } from '../crm-writer';
import { scopedRecordIds } from '../lead-lookup';
import { createWriteOutcomes, runSteps } from '../write-outcomes';
import { writeCompanies } from './hubspot-companies';
import { writeContacts } from './hubspot-contacts';
import { writeEngagements } from './hubspot-engagements';
import type { HubspotWriteSettings } from './hubspot-mapping';
import { COMPLETE_CATALOG, ensureOutsyncProperties } from './hubspot-properties';
import {
  contactCacheKey,
  type HubspotWriteContext,
  type HubspotWriterDeps,
} from './hubspot-write-context';

export type { HubspotWriterDeps } from './hubspot-write-context';

/**
 * Writes the events of one HubSpot portal (issue 11 "Write to HubSpot"), step by step for the
 * whole batch: contacts (looked up per the webhook's lookup method, then updated or created),
 * companies (found or created; a found one's empty name and owner filled) and their association,
 * then engagements. Each completed step is recorded on its
 * events before the next starts, so a retry skips finished work. One event's refusal fails that
 * event only; a rate limit or an outage sends every unfinished event back for a retry. A property
 * HubSpot will not take (OutSync's own without the schema scope, a read-only one) is left out and
 * the event is written with a warning (hubspot-skipped-properties.ts). Automatic replies are not
 * written (automated-replies.ts).
 */
export function createHubspotWriter(deps: HubspotWriterDeps): CrmWriter<HubspotWriteSettings> {
  const { contactIds, ...rest } = deps;
  const scoped = scopedRecordIds(contactIds, `hubspot:${deps.portalId}:contacts`, contactCacheKey);
  return {
    async write(items, record) {
      const outcomes = createWriteOutcomes();
      const context: HubspotWriteContext = {
        ...rest,
        contactIds: scoped,
        record,
        outcomes,
        contactCompanies: new Map(),
        catalog: COMPLETE_CATALOG,
      };
      const open = () => items.filter(outcomes.isOpen);
      skipAutomatedReplies(items, outcomes);
      await runSteps(items, outcomes, [
        ['properties', () => ensureProperties(context, open())],
        ['contact', () => writeContacts(context, open())],
        ['company', () => writeCompanies(context, open())],
        ['engagement', () => writeEngagements(context, open())],
      ]);
      return outcomes.finish(items);
    },
  };
}

/**
 * OutSync's `os_*` contact properties, when an event writes them. Those HubSpot will not let
 * OutSync create (the optional schema scope declined) are left out of the contact step, which
 * warns the events that would have written them; an outage or a rate limit fails the step.
 */
async function ensureProperties(
  context: HubspotWriteContext,
  items: readonly { settings: HubspotWriteSettings }[],
) {
  if (items.some((item) => item.settings.createContactCustomProperties))
    context.catalog = await ensureOutsyncProperties(
      context.client,
      context.portalId,
      context.propertyCache,
    );
}
