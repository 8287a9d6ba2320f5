import { isConnectorError } from '../../../connectors/http';
import type {
  HubspotProperties,
  HubspotRecord,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { claimCreates } from '../create-claims';
import { companyFill, companyOf } from './hubspot-mapping';
import {
  describe,
  refusalCode,
  searchByValues,
  type HubspotItem,
  type HubspotWriteContext,
} from './hubspot-write-context';

type PendingCompany = { item: HubspotItem; company: NonNullable<ReturnType<typeof companyOf>> };

/**
 * A domain's company: its id, and its properties when this attempt found it in HubSpot (not when
 * an earlier attempt or another worker named it, nor when this one created it).
 */
type KnownCompany = { id: string; current?: HubspotRecord['properties'] };

/**
 * The company step: each written contact's company (by its domain) found or created, a found
 * one's blanks filled (`companyFill`), then associated with the contact, one batch call each.
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
  const known = await findCompanies(context, pending);
  await createCompanies(context, pending, known);
  await fillCompanies(context, pending, known);
  await associateCompanies(context, pending, known);
}

/** The company per domain: an earlier attempt's, else the oldest HubSpot has. */
async function findCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
): Promise<Map<string, KnownCompany>> {
  const known = new Map<string, KnownCompany>();
  for (const { item, company } of pending)
    if (item.steps.companyId) known.set(company.domain, { id: item.steps.companyId });
  const unknown = [...new Set(pending.map(({ company }) => company.domain))].filter(
    (domain) => !known.has(domain),
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
    if (!known.has(domain)) known.set(domain, { id: company.id, current: company.properties });
  }
  return known;
}

/**
 * Creates the companies of the domains HubSpot lacks; adds them to `known`. Each domain is
 * claimed first (shared by every worker): a company another worker created meanwhile is used,
 * one it is creating right now is left to a later attempt, and one claimed after a worker that
 * stopped mid-create is searched for again.
 */
async function createCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
  known: Map<string, KnownCompany>,
) {
  const toCreate = new Map<string, HubspotProperties>();
  for (const { company } of pending)
    if (!known.has(company.domain) && !toCreate.has(company.domain))
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
      if (claim?.kind === 'created') known.set(domain, { id: claim.recordId });
      else if (claim?.kind === 'busy')
        context.outcomes.retry(
          eventsOf(domain),
          'company',
          `Another OutSync worker was creating the company of ${domain} at the same moment; the next attempt associates the contact with it.`,
          'contention',
        );
      else if (claim?.kind === 'mine' && claim.afterAnother) resumed.push(domain);
      if (claim?.kind !== 'mine') toCreate.delete(domain);
    }
    for (const [domain, company] of await findCompanies(
      context,
      resumed.flatMap((domain) => pending.filter(({ company }) => company.domain === domain)),
    )) {
      known.set(domain, company);
      toCreate.delete(domain);
    }
    if (toCreate.size === 0) return;
    const answer = await context.client.batchCreateObjects(
      'companies',
      [...toCreate].map(([domain, properties]) => ({ properties, objectWriteTraceId: domain })),
    );
    for (const result of answer.results) {
      const domain = result.objectWriteTraceId ?? String(result.properties.domain ?? '');
      known.set(domain, { id: result.id });
      await claimed.created(keyOf(domain), result.id);
    }
    for (const error of answer.errors)
      for (const domain of error.traceIds)
        context.outcomes.fail(eventsOf(domain), 'company', describe(error), refusalCode(error));
  } finally {
    await claimed.releaseUncreated();
  }
}

/** What a refused fill did not give the company, in the customer's words. */
const FILL_LABELS: Record<string, string> = { name: 'name', hubspot_owner_id: 'owner' };

/**
 * Fills the blanks of the companies found in HubSpot (`companyFill`), one batch update for those
 * that need it. Read again on every attempt, so a retry writes nothing already there. A refusal
 * (an owner HubSpot no longer has, a scope) leaves the company as it is, and its events are
 * written with a warning: the contact is associated all the same. An outage or a rate limit
 * sends the batch back, as in every step.
 */
async function fillCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
  known: Map<string, KnownCompany>,
) {
  const fills = new Map<string, { id: string; properties: HubspotProperties; events: string[] }>();
  for (const { item, company } of pending) {
    const found = known.get(company.domain);
    const fill = found?.current ? companyFill(found.current, company) : {};
    if (!found || Object.keys(fill).length === 0) continue;
    const entry = fills.get(company.domain) ?? { id: found.id, properties: {}, events: [] };
    // The batch's first event that gives a value gives it (two webhooks may name other owners).
    entry.properties = { ...fill, ...entry.properties };
    entry.events.push(item.id);
    fills.set(company.domain, entry);
  }
  if (fills.size === 0) return;
  const warn = (domains: readonly string[], reason: string) => {
    for (const domain of domains) {
      const entry = fills.get(domain);
      if (!entry) continue;
      const labels = Object.keys(entry.properties).map((name) => FILL_LABELS[name] ?? name);
      for (const id of entry.events)
        context.outcomes.warn(
          id,
          `The company of ${domain} was not given its ${labels.join(' and ')}: HubSpot refused it (${reason}); the contact is associated with the company as it is.`,
        );
    }
  };
  try {
    const answer = await context.client.batchUpdateObjects(
      'companies',
      [...fills].map(([domain, { id, properties }]) => ({
        id,
        properties,
        objectWriteTraceId: domain,
      })),
    );
    for (const error of answer.errors) warn(error.traceIds, error.message);
  } catch (error) {
    if (!isConnectorError(error) || error.retryable || error.code === 'unauthorized') throw error;
    warn([...fills.keys()], error.vendorMessage ?? error.message);
  }
}

/** Associates each contact with its company; records the association on its events. */
async function associateCompanies(
  context: HubspotWriteContext,
  pending: PendingCompany[],
  known: Map<string, KnownCompany>,
) {
  const pairs = pending.flatMap(({ item, company }) => {
    const companyId = known.get(company.domain)?.id;
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
      answer.errors[0] ? refusalCode(answer.errors[0]) : 'record_refused',
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
