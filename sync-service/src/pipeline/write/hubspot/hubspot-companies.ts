import type { HubspotProperties } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { claimCreates } from '../create-claims';
import { companyOf } from './hubspot-mapping';
import {
  describe,
  searchByValues,
  type HubspotItem,
  type HubspotWriteContext,
} from './hubspot-write-context';

type PendingCompany = { item: HubspotItem; company: NonNullable<ReturnType<typeof companyOf>> };

/**
 * The company step: each written contact's company (by its domain) found or created, then
 * associated with the contact, one batch call each.
 */
export async function writeCompanies(context: HubspotWriteContext, items: HubspotItem[]) {
  const pending = items.flatMap((item) => {
    const known = context.contactCompanies.get(item.steps.contactId ?? '') ?? null;
    const company = companyOf(item.event, item.settings, known);
    return company && !item.steps.companyAssociated && item.steps.contactId
      ? [{ item, company }]
      : [];
  });
  if (pending.length === 0) return;
  const idOf = await findCompanies(context, pending);
  await createCompanies(context, pending, idOf);
  await associateCompanies(context, pending, idOf);
}

/** The company id per domain: an earlier attempt's, else the oldest HubSpot has. */
async function findCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
): Promise<Map<string, string>> {
  const idOf = new Map<string, string>();
  for (const { item, company } of pending)
    if (item.steps.companyId) idOf.set(company.domain, item.steps.companyId);
  const unknown = [...new Set(pending.map(({ company }) => company.domain))].filter(
    (domain) => !idOf.has(domain),
  );
  const records = await searchByValues(context.client, {
    object: 'companies',
    property: 'domain',
    values: unknown,
    properties: ['domain', 'name', 'hubspot_owner_id'],
  });
  // The oldest company of a domain is the one people work in (HubSpot keeps domains non-unique).
  for (const company of [...records].sort((a, b) => Number(a.id) - Number(b.id))) {
    const domain = String(company.properties.domain ?? '').toLowerCase();
    if (!idOf.has(domain)) idOf.set(domain, company.id);
  }
  return idOf;
}

/**
 * Creates the companies of the domains HubSpot lacks; adds their ids to `idOf`. Each domain is
 * claimed first (shared by every worker): a company another worker created meanwhile is used,
 * one it is creating right now is left to a later attempt, and one claimed after a worker that
 * stopped mid-create is searched for again.
 */
async function createCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
  idOf: Map<string, string>,
) {
  const toCreate = new Map<string, HubspotProperties>();
  for (const { company } of pending)
    if (!idOf.has(company.domain) && !toCreate.has(company.domain))
      toCreate.set(company.domain, company.properties);
  if (toCreate.size === 0) return;
  const keyOf = (domain: string) => `hubspot:${context.portalId}:companies:${domain}`;
  const eventsOf = (domain: string) =>
    pending.filter(({ company }) => company.domain === domain).map(({ item }) => item.id);
  const claimed = await claimCreates(context.createClaims, [...toCreate.keys()].map(keyOf));
  try {
    const resumed: string[] = [];
    for (const domain of [...toCreate.keys()]) {
      const claim = claimed.claims.get(keyOf(domain));
      if (claim?.kind === 'created') idOf.set(domain, claim.recordId);
      else if (claim?.kind === 'busy')
        context.outcomes.retry(
          eventsOf(domain),
          'company',
          `Another OutSync worker was creating the company of ${domain} at the same moment; the next attempt associates the contact with it.`,
        );
      else if (claim?.kind === 'mine' && claim.afterAnother) resumed.push(domain);
      if (claim?.kind !== 'mine') toCreate.delete(domain);
    }
    for (const [domain, id] of await findCompanies(
      context,
      resumed.flatMap((domain) => pending.filter(({ company }) => company.domain === domain)),
    )) {
      idOf.set(domain, id);
      toCreate.delete(domain);
    }
    if (toCreate.size === 0) return;
    const answer = await context.client.batchCreateObjects(
      'companies',
      [...toCreate].map(([domain, properties]) => ({ properties, objectWriteTraceId: domain })),
    );
    for (const result of answer.results) {
      const domain = result.objectWriteTraceId ?? String(result.properties.domain ?? '');
      idOf.set(domain, result.id);
      await claimed.created(keyOf(domain), result.id);
    }
    for (const error of answer.errors)
      for (const domain of error.traceIds)
        context.outcomes.fail(eventsOf(domain), 'company', describe(error));
  } finally {
    await claimed.releaseUncreated();
  }
}

/** Associates each contact with its company; records the association on its events. */
async function associateCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
  idOf: Map<string, string>,
) {
  const pairs = pending.flatMap(({ item, company }) => {
    const companyId = idOf.get(company.domain);
    return companyId && item.steps.contactId
      ? [{ item, companyId, contactId: item.steps.contactId }]
      : [];
  });
  const unique = new Map(pairs.map((pair) => [`${pair.contactId}:${pair.companyId}`, pair]));
  const answer = await context.client.batchAssociateDefault(
    'contacts',
    'companies',
    [...unique.values()].map(({ contactId, companyId }) => ({
      fromId: contactId,
      toId: companyId,
    })),
  );
  if (answer.errors.length > 0) {
    // Not associated: a later attempt must not skip the step.
    context.outcomes.fail(
      pairs.map(({ item }) => item.id),
      'company',
      answer.errors.map(describe).join(' '),
    );
    return;
  }
  await Promise.all(
    pairs.map(async ({ item, companyId }) => {
      item.steps.companyId = companyId;
      item.steps.companyAssociated = true;
      await context.record(item.id, { companyId, companyAssociated: true });
    }),
  );
}
