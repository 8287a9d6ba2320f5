import { Router } from '@koa/router';
import { platformFromAnySpelling } from '@outsync/contracts';
import {
  asArray,
  asNumber,
  asString,
  asStringArray,
  bodyObject,
  isHttpUrl,
  isObject,
  type JsonObject,
} from '../core/http.ts';
import { campaignsOf, findLead, type PlatformAccount } from '../platforms/platform-store.ts';
import { webhooksOfCampaign, type PlatformWebhook } from '../platforms/platform-webhooks.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { DEMO_COMPANIES } from '../seed/demo-seed.ts';
import {
  DEFAULT_EVENT_TYPES,
  type Campaign,
  type Payload,
  type SimulatedLead,
  type SimulatedPlatform,
} from './campaign-payloads.ts';
import {
  applyFaults,
  deliverAll,
  emptyCounts,
  parseDeliveryFaults,
  post,
  type DeliveryCounts,
  type DeliveryResult,
} from './delivery.ts';
import { planCampaign, type PlannedEvent, type RunLead } from './event-plan.ts';
import { Random } from './random.ts';

const MAX_EVENTS = 100_000;
/** Campaigns a run makes up when the body names none (clear of the seeded 1001/1002/4001). */
const GENERATED_CAMPAIGN_BASE = 9000;

export interface CampaignReport extends Omit<DeliveryCounts, 'faults'> {
  platform: SimulatedPlatform;
  webhookUrl?: string;
  campaignId: number;
  /** Every URL the run posted to (the webhookUrl and the campaign's registered webhooks). */
  targets: string[];
  eventTypes: string[];
  leads: string[];
  events: number;
  eventTypeCounts: Record<string, number>;
  faults: DeliveryCounts['faults'];
  durationMs: number;
}

/** Where a run's events go and what they are about (the body's shared fields). */
interface RunSetup {
  platform: SimulatedPlatform;
  account: PlatformAccount;
  campaign: Campaign;
  webhookUrl?: string;
  /** The webhooks registered on the named campaign (none without `campaignId`). */
  webhooks: PlatformWebhook[];
  headers: Record<string, string>;
  random: Random;
}

class SimulateError extends Error {}

/**
 * `POST /simulate/campaign` posts a run of realistic webhook events; `POST /simulate/event`
 * posts one deterministic event and answers what the receiver said.
 */
export function simulateRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/simulate' });
  let runs = 0;
  router.post('/campaign', async (ctx) => {
    try {
      const body = bodyObject(ctx);
      const run = ++runs;
      const setup = runSetup(state, body, run);
      ctx.body = await runCampaign(state, setup, body, run);
    } catch (error) {
      if (error instanceof SimulateError) return badRequest(ctx, error.message);
      throw error;
    }
  });
  router.post('/event', async (ctx) => {
    try {
      const body = bodyObject(ctx);
      const run = ++runs;
      const setup = runSetup(state, body, run);
      ctx.body = await oneEvent(state, setup, body, run);
    } catch (error) {
      if (error instanceof SimulateError) return badRequest(ctx, error.message);
      throw error;
    }
  });
  return router;
}

function badRequest(ctx: { status: number; body: unknown }, message: string): void {
  ctx.status = 400;
  ctx.body = { message };
}

function runSetup(state: SandboxState, body: JsonObject, run: number): RunSetup {
  // Any spelling the product meets: 'heyreach', 'HeyReach', 'EmailBison', …
  const platform = platformFromAnySpelling(body.platform);
  if (!platform)
    throw new SimulateError('platform must be smartlead, instantly, bison or heyreach');
  const webhookUrl = asString(body.webhookUrl);
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
    throw new SimulateError('webhookUrl must be an http(s) URL');
  // The leads join the account of `apiKey` (the platform's demo account by default).
  const apiKey = asString(body.apiKey);
  const account =
    apiKey === undefined
      ? state.platforms.demoAccount(platform)
      : state.platforms.account(platform, apiKey);
  if (!account) throw new SimulateError(`apiKey is not a ${platform} key the sandbox knows`);
  const campaignId = body.campaignId === undefined ? undefined : asNumber(body.campaignId, NaN);
  const webhooks = campaignId === undefined ? [] : webhooksOfCampaign(account, campaignId);
  if (webhookUrl === undefined && campaignId === undefined)
    throw new SimulateError('webhookUrl or campaignId is required');
  if (webhookUrl === undefined && webhooks.length === 0)
    throw new SimulateError(
      `No webhook is registered on ${platform} campaign ${String(campaignId)}`,
    );
  return {
    platform,
    account,
    campaign: campaignOf(account, campaignId, run),
    ...(webhookUrl !== undefined ? { webhookUrl } : {}),
    webhooks,
    headers: isObject(body.headers) ? stringRecord(body.headers) : {},
    random: new Random(Math.floor(asNumber(body.seed, run * 7919))),
  };
}

/** The named campaign of the account, or one made up for the run. */
function campaignOf(
  account: PlatformAccount,
  campaignId: number | undefined,
  run: number,
): Campaign {
  const known =
    campaignId === undefined
      ? undefined
      : campaignsOf(account).find((campaign) => campaign.id === campaignId);
  if (campaignId !== undefined && !known)
    throw new SimulateError(
      `campaignId ${campaignId} is not a campaign of this ${account.platform} account`,
    );
  const id = known?.id ?? GENERATED_CAMPAIGN_BASE + run;
  return {
    id,
    uuid: `0b6f7c1e-0000-4000-8000-${String(id).padStart(12, '0')}`,
    name: known?.name ?? `Sandbox campaign #${run}`,
    senderEmail: 'sam.seller@outsync-demo.test',
    senderName: 'Sam Seller',
  };
}

async function runCampaign(
  state: SandboxState,
  setup: RunSetup,
  body: JsonObject,
  run: number,
): Promise<CampaignReport> {
  const eventTypes = asStringArray(body.eventTypes);
  const types = eventTypes.length > 0 ? eventTypes : [...DEFAULT_EVENT_TYPES[setup.platform]];
  const leads = makeLeads(state, setup, body.leads, run);
  // By default every lead goes through every event type once: a run that mixes types.
  const events = Math.min(
    MAX_EVENTS,
    Math.max(0, Math.floor(asNumber(body.events, leads.length * types.length))),
  );
  const ratePerSecond = Math.max(0, asNumber(body.ratePerSecond, 50));
  const started = Date.now();
  const planned = planCampaign({
    platform: setup.platform,
    account: setup.account,
    leads,
    eventTypes: types,
    events,
    campaign: setup.campaign,
    random: setup.random,
    // `at`: every event stamped with one time (a campaign step sent to many leads in the same
    // second), still delivered at `ratePerSecond`.
    timeOf: (index) =>
      asString(body.at)
        ? new Date(String(body.at))
        : new Date(started + (ratePerSecond > 0 ? (index * 1000) / ratePerSecond : 0)),
    ...(asString(body.subject) !== undefined ? { subject: String(body.subject) } : {}),
  });
  const faults = parseDeliveryFaults(body.faults);
  const { outgoing, reordered } = applyFaults(
    setup.platform,
    planned.map((event) => ({ ...event, targets: targetsOf(setup, event.payload) })),
    faults,
    setup.random,
  );
  const counts = emptyCounts();
  counts.faults.outOfOrder = reordered;
  counts.faults.missingOptionalBlocks = outgoing.filter(
    (event) => event.strippedBlocks.length > 0,
  ).length;
  await deliverAll({
    events: outgoing,
    ratePerSecond,
    headers: setup.headers,
    retryDelayMs: faults.retryDelayMs,
    counts,
  });
  return {
    platform: setup.platform,
    ...(setup.webhookUrl !== undefined ? { webhookUrl: setup.webhookUrl } : {}),
    campaignId: setup.campaign.id,
    targets: [...new Set(outgoing.flatMap((event) => event.targets))],
    eventTypes: types,
    leads: leads.map(({ lead }) => lead.email),
    events: planned.length,
    eventTypeCounts: countTypes(planned),
    ...counts,
    durationMs: Date.now() - started,
  };
}

/** One event, built the same way as a run's, merged with `overrides` and posted at once. */
async function oneEvent(
  state: SandboxState,
  setup: RunSetup,
  body: JsonObject,
  run: number,
): Promise<{
  platform: SimulatedPlatform;
  eventType: string;
  payload: Payload;
  status: number | null;
  body: unknown;
  deliveries: DeliveryResult[];
}> {
  const eventType = asString(body.eventType);
  if (!eventType) throw new SimulateError('eventType is required');
  const leads = makeLeads(state, setup, body.lead === undefined ? 1 : [body.lead], run);
  const [event] = planCampaign({
    platform: setup.platform,
    account: setup.account,
    leads,
    eventTypes: [eventType],
    events: 1,
    campaign: setup.campaign,
    random: setup.random,
    timeOf: () => (asString(body.at) ? new Date(String(body.at)) : new Date()),
  });
  if (!event) throw new SimulateError('no event could be built');
  const payload = isObject(body.overrides)
    ? deepMerge(event.payload, body.overrides)
    : event.payload;
  const counts = emptyCounts();
  const text = JSON.stringify(payload);
  const deliveries: DeliveryResult[] = [];
  for (const url of targetsOf(setup, payload))
    deliveries.push(await post(url, text, setup.headers, counts));
  return {
    platform: setup.platform,
    eventType,
    payload,
    status: deliveries[0]?.status ?? null,
    body: deliveries[0]?.body ?? null,
    deliveries,
  };
}

/** The webhookUrl, plus every webhook on the campaign subscribed to this event's type. */
function targetsOf(setup: RunSetup, payload: Payload): string[] {
  const raw = rawEventType(payload).toUpperCase();
  const subscribed = setup.webhooks
    .filter((webhook) => webhook.eventTypes.some((type) => type.toUpperCase() === raw))
    .map((webhook) => webhook.url);
  return [
    ...new Set([...(setup.webhookUrl !== undefined ? [setup.webhookUrl] : []), ...subscribed]),
  ];
}

/** The platform's own name for the event: `event_type`, or bison's `event.type`. */
function rawEventType(payload: Payload): string {
  const event = payload.event;
  return asString(payload.event_type) ?? (isObject(event) ? (asString(event.type) ?? '') : '');
}

function countTypes(events: PlannedEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.eventType] = (counts[event.eventType] ?? 0) + 1;
  return counts;
}

/**
 * `leads` is a count, or an array of e-mails / `{email, firstName, lastName, companyName, title,
 * linkedinUrl, objectLookupId, customFields, tags}`. Each is registered with the account in the
 * run's campaign (keeping a known lead's current category), so lookups by e-mail find it.
 */
function makeLeads(state: SandboxState, setup: RunSetup, value: unknown, run: number): RunLead[] {
  const given = asArray(value);
  const count =
    given.length > 0
      ? given.length
      : Math.max(1, Math.min(10_000, Math.floor(asNumber(value, 10))));
  return Array.from({ length: count }, (_unused, index) => {
    const company = DEMO_COMPANIES[index % DEMO_COMPANIES.length] ?? DEMO_COMPANIES[0]!;
    const input = given[index];
    const custom: JsonObject = isObject(input)
      ? input
      : typeof input === 'string'
        ? { email: input }
        : {};
    const firstName =
      asString(custom.firstName) ??
      ['Alex', 'Jordan', 'Casey', 'Morgan', 'Taylor', 'Robin'][index % 6] ??
      'Alex';
    const lastName = asString(custom.lastName) ?? `Lead${run}x${index + 1}`;
    const email = (
      asString(custom.email) ?? `${firstName}.${lastName}@${company.domain}`
    ).toLowerCase();
    const domain = email.split('@')[1] ?? company.domain;
    const lead: Omit<SimulatedLead, 'id' | 'objectLookupId'> = {
      email,
      firstName,
      lastName,
      companyName: asString(custom.companyName) ?? company.name,
      domain,
      title: asString(custom.title) ?? 'Head of Sales',
      linkedinUrl:
        asString(custom.linkedinUrl) ??
        `https://www.linkedin.com/in/${firstName}-${lastName}`.toLowerCase(),
      customFields: isObject(custom.customFields) ? stringRecord(custom.customFields) : {},
      tags: asStringArray(custom.tags),
    };
    const stored = state.platforms.upsertLead(setup.account, {
      ...lead,
      website: `https://${domain}`,
      campaignId: setup.campaign.id,
      campaignName: setup.campaign.name,
      categoryId: findLead(setup.account, email)?.categoryId ?? null,
    });
    // Every lead carries an os_objectlookup_id unless the caller says null (spec 01 §9).
    const objectLookupId =
      custom.objectLookupId === null
        ? null
        : (asString(custom.objectLookupId) ?? `OSL-${stored.id}`);
    return { lead: { ...lead, id: stored.id, objectLookupId }, stored };
  });
}

function stringRecord(value: JsonObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, raw]) => {
      const text = asString(raw);
      return text === undefined ? [] : [[key, text]];
    }),
  );
}

/** Objects merge key by key; anything else (arrays, null, scalars) replaces. */
function deepMerge(base: Payload, overrides: JsonObject): Payload {
  const result: Payload = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key];
    result[key] = isObject(value) && isObject(current) ? deepMerge(current, value) : value;
  }
  return result;
}
