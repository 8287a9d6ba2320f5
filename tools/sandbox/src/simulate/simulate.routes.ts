import { Router } from '@koa/router';
import { platformFromAnySpelling } from '@outsync/contracts';
import {
  asArray,
  asNumber,
  asString,
  bodyObject,
  isObject,
  type JsonObject,
  isHttpUrl,
} from '../core/http.ts';
import type { PlatformAccount } from '../platforms/platform-store.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { DEMO_COMPANIES } from '../seed/demo-seed.ts';
import {
  DEFAULT_EVENT_TYPES,
  buildPayload,
  type Campaign,
  type SimulatedLead,
  type SimulatedPlatform,
} from './campaign-payloads.ts';

const MAX_EVENTS = 100_000;
const MAX_IN_FLIGHT = 64;
const REQUEST_TIMEOUT_MS = 15_000;

export interface CampaignReport {
  platform: SimulatedPlatform;
  webhookUrl: string;
  eventTypes: string[];
  leads: string[];
  sent: number;
  accepted: number;
  rejected: number;
  failed: number;
  statusCounts: Record<string, number>;
  durationMs: number;
}

/** `POST /simulate/campaign`: posts realistic webhook events to our own receiver, paced. */
export function simulateRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/simulate' });
  let runs = 0;
  router.post('/campaign', async (ctx) => {
    const body = bodyObject(ctx);
    // Any spelling the product meets: 'heyreach', 'HeyReach', 'EmailBison', …
    const platform = platformFromAnySpelling(body.platform);
    const webhookUrl = asString(body.webhookUrl) ?? '';
    if (!platform)
      return badRequest(ctx, 'platform must be smartlead, instantly, bison or heyreach');
    if (!isHttpUrl(webhookUrl)) return badRequest(ctx, 'webhookUrl must be an http(s) URL');
    const eventTypes = asArray(body.eventTypes).flatMap((type) => asString(type) ?? []);
    // The leads join the account of `apiKey` (the platform's demo account by default).
    const apiKey = asString(body.apiKey);
    const account =
      apiKey === undefined
        ? state.platforms.demoAccount(platform)
        : state.platforms.account(platform, apiKey);
    if (!account) return badRequest(ctx, `apiKey is not a ${platform} key the sandbox knows`);
    const run = ++runs;
    const leads = makeLeads(state, account, body.leads, run);
    const events = Math.min(
      MAX_EVENTS,
      Math.max(0, Math.floor(asNumber(body.events, leads.length))),
    );
    ctx.body = await runCampaign({
      platform,
      webhookUrl,
      eventTypes: eventTypes.length > 0 ? eventTypes : DEFAULT_EVENT_TYPES[platform],
      leads,
      events,
      ratePerSecond: Math.max(0, asNumber(body.ratePerSecond, 50)),
      campaign: {
        id: 1000 + run,
        uuid: `0b6f7c1e-0000-4000-8000-${String(run).padStart(12, '0')}`,
        name: `Sandbox campaign #${run}`,
        senderEmail: 'sam.seller@outsync-demo.test',
        senderName: 'Sam Seller',
      },
      headers: isObject(body.headers) ? (body.headers as Record<string, string>) : {},
    });
  });
  return router;
}

function badRequest(ctx: { status: number; body: unknown }, message: string): void {
  ctx.status = 400;
  ctx.body = { message };
}

/** `leads` is a count, or an array of e-mails / {email, firstName, ...}; each is registered with the platform. */
function makeLeads(
  state: SandboxState,
  account: PlatformAccount,
  value: unknown,
  run: number,
): SimulatedLead[] {
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
    const lead: SimulatedLead = {
      id: 0,
      email,
      firstName,
      lastName,
      companyName: asString(custom.companyName) ?? company.name,
      domain,
      title: 'Head of Sales',
      linkedinUrl:
        asString(custom.linkedinUrl) ??
        `https://www.linkedin.com/in/${firstName}-${lastName}`.toLowerCase(),
    };
    const stored = state.platforms.upsertLead(account, {
      ...lead,
      website: `https://${domain}`,
      campaignId: 1000 + run,
      campaignName: `Sandbox campaign #${run}`,
      categoryId: null,
    });
    return { ...lead, id: stored.id };
  });
}

async function runCampaign(options: {
  platform: SimulatedPlatform;
  webhookUrl: string;
  eventTypes: string[];
  leads: SimulatedLead[];
  events: number;
  ratePerSecond: number;
  campaign: Campaign;
  headers: Record<string, string>;
}): Promise<CampaignReport> {
  const report: CampaignReport = {
    platform: options.platform,
    webhookUrl: options.webhookUrl,
    eventTypes: options.eventTypes,
    leads: options.leads.map((lead) => lead.email),
    sent: 0,
    accepted: 0,
    rejected: 0,
    failed: 0,
    statusCounts: {},
    durationMs: 0,
  };
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  for (let index = 0; index < options.events; index++) {
    if (options.ratePerSecond > 0)
      await waitUntil(started + (index * 1000) / options.ratePerSecond);
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const lead = options.leads[index % options.leads.length];
    const eventType =
      options.eventTypes[Math.floor(index / options.leads.length) % options.eventTypes.length] ??
      options.eventTypes[0];
    if (!lead || !eventType) break;
    const payload = buildPayload(options.platform, eventType, lead, options.campaign, index);
    const delivery = deliver(options.webhookUrl, payload, options.headers, report).finally(() =>
      inFlight.delete(delivery),
    );
    inFlight.add(delivery);
  }
  await Promise.all(inFlight);
  report.durationMs = Date.now() - started;
  return report;
}

async function deliver(
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  report: CampaignReport,
): Promise<void> {
  report.sent++;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    report.statusCounts[response.status] = (report.statusCounts[response.status] ?? 0) + 1;
    if (response.ok) report.accepted++;
    else report.rejected++;
  } catch {
    report.failed++;
  }
}

function waitUntil(time: number): Promise<void> {
  const wait = time - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
