import { createHash } from 'node:crypto';
import type { Platform } from '@outsync/contracts';
import type { RollingWindow } from '../core/rolling-window.ts';
import type { PlatformAccount } from '../platforms/platform-store.ts';
import { FIRST_NAMES, LAST_NAMES } from '../seed/generated-people.ts';

// Seeded campaign history for the platforms' history endpoints (issue 34, item 3: backfill).
// One history per platform account, generated from a seed: the same input gives the same
// leads, messages, ids and times in every run, so a test can count what a backfill must read.
// Only messages are generated (sent e-mails / LinkedIn messages and replies): they are what the
// platforms' history APIs return with a time of their own (docs/decisions.md, "Backfill").

/** The most leads and events one seed makes: enough for the 1,000-event journey, and more. */
export const HISTORY_MAX_LEADS = 10_000;
export const HISTORY_MAX_EVENTS = 100_000;
export const HISTORY_MAX_CAMPAIGNS = 20;

/** Instantly's `GET /api/v2/emails` allows 20 requests a minute (its OpenAPI description). */
export const INSTANTLY_EMAILS_RATE_LIMIT = { limit: 20, windowMs: 60_000 };

export interface HistoryCampaign {
  /** Numeric (Smartlead, bison, HeyReach). */
  id: number;
  /** Instantly's campaign ids are uuids. */
  uuid: string;
  name: string;
}

export interface HistoryLead {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  website: string;
  title: string;
  profileUrl: string;
  campaign: HistoryCampaign;
  /** Smartlead's campaign-lead map id. */
  mapId: number;
  createdAt: string;
  /** Our mailbox (or LinkedIn seat) that writes to this lead. */
  sender: { id: number; email: string; name: string; profileUrl: string };
}

export interface HistoryMessage {
  /** Numeric id: Smartlead stats id, bison scheduled e-mail or reply id. */
  id: number;
  /** Instantly e-mail id. */
  uuid: string;
  lead: HistoryLead;
  /** `out`: we sent it; `in`: the lead's reply. */
  direction: 'out' | 'in';
  at: string;
  /** Sequence step of a sent message (the step a reply answers). */
  step: number;
  subject: string;
  text: string;
  html: string;
  /** RFC 5322 Message-ID. */
  messageId: string;
  threadId: string;
  openCount: number;
  clickCount: number;
  /** An out-of-office answer (every tenth reply). */
  automated: boolean;
}

export interface SeededHistory {
  platform: Platform;
  seed: number;
  from: string;
  to: string;
  campaigns: HistoryCampaign[];
  leads: HistoryLead[];
  /** Every message, oldest first (ties by id). */
  messages: HistoryMessage[];
  /** Messages by lead id, oldest first. */
  byLead: Map<number, HistoryMessage[]>;
  /** Positions in `messages` by Instantly e-mail id, for cursor paging. */
  positionByUuid: Map<string, number>;
  /** Instantly's per-endpoint limit on `GET /emails`; null switches it off. */
  emailsRateLimit: number | null;
  emailsWindows: Map<string, RollingWindow>;
}

export interface HistorySeedInput {
  leads: number;
  events: number;
  campaigns: number;
  from: Date;
  to: Date;
  seed: number;
  emailsRateLimit: number | null;
}

export class HistorySeedError extends Error {}

const histories = new WeakMap<PlatformAccount, SeededHistory>();

/** The account's seeded history; an empty one when none was seeded. */
export function historyOf(account: PlatformAccount): SeededHistory {
  return histories.get(account) ?? emptyHistory(account.platform);
}

/**
 * Replaces the account's history with a generated one, and adds its campaigns to the account's
 * campaign list (so campaign pickers list them). A reset drops the account, and its history
 * with it.
 */
export function seedHistory(account: PlatformAccount, input: HistorySeedInput): SeededHistory {
  const history = generateHistory(account.platform, checked(input));
  histories.set(account, history);
  const known = new Set(account.campaigns.map((campaign) => campaign.id));
  for (const campaign of history.campaigns)
    if (!known.has(campaign.id)) account.campaigns.push({ id: campaign.id, name: campaign.name });
  return history;
}

function checked(input: HistorySeedInput): HistorySeedInput {
  const whole = (value: number, min: number, max: number, name: string) => {
    if (!Number.isInteger(value) || value < min || value > max)
      throw new HistorySeedError(`${name} must be a whole number from ${min} to ${max}`);
  };
  whole(input.leads, 1, HISTORY_MAX_LEADS, 'leads');
  whole(input.events, 0, HISTORY_MAX_EVENTS, 'events');
  whole(input.campaigns, 1, HISTORY_MAX_CAMPAIGNS, 'campaigns');
  whole(input.seed, 0, 2 ** 31 - 1, 'seed');
  if (Number.isNaN(input.from.getTime()) || Number.isNaN(input.to.getTime()))
    throw new HistorySeedError('from and to must be ISO 8601 date-times');
  if (input.from.getTime() >= input.to.getTime())
    throw new HistorySeedError('from must be before to');
  return input;
}

function emptyHistory(platform: Platform): SeededHistory {
  return {
    platform,
    seed: 0,
    from: new Date(0).toISOString(),
    to: new Date(0).toISOString(),
    campaigns: [],
    leads: [],
    messages: [],
    byLead: new Map(),
    positionByUuid: new Map(),
    emailsRateLimit: INSTANTLY_EMAILS_RATE_LIMIT.limit,
    emailsWindows: new Map(),
  };
}

/** Numbers well apart from the platforms' own id sequences, so seeded ids never collide. */
const CAMPAIGN_ID_BASE = 910_000;
const LEAD_ID_BASE = 7_100_000;
const MESSAGE_ID_BASE = 52_000_000;
const SENDERS = 3;

function generateHistory(platform: Platform, input: HistorySeedInput): SeededHistory {
  const random = mulberry32(input.seed);
  const uuid = (kind: string, index: number) =>
    stableUuid(`${platform}:${input.seed}:${kind}:${index}`);
  const campaigns = Array.from({ length: input.campaigns }, (_, index) => ({
    id: CAMPAIGN_ID_BASE + index,
    uuid: uuid('campaign', index),
    name: `Seeded history ${index + 1}`,
  }));
  const from = input.from.getTime();
  const span = input.to.getTime() - from;
  const leads = Array.from({ length: input.leads }, (_, index) =>
    generatedLead(index, campaigns[index % campaigns.length] as HistoryCampaign, uuid, from),
  );

  const messages: HistoryMessage[] = [];
  const byLead = new Map<number, HistoryMessage[]>();
  const base = Math.floor(input.events / input.leads);
  const extra = input.events % input.leads;
  leads.forEach((lead, index) => {
    const count = base + (index < extra ? 1 : 0);
    // Whole seconds, as the platforms report them; never before the lead was added.
    const times = Array.from(
      { length: count },
      () => from + 1000 + Math.floor(random() * (span - 1000)),
    )
      .map((time) => Math.floor(time / 1000) * 1000)
      .sort((a, b) => a - b);
    const own: HistoryMessage[] = [];
    let step = 0;
    let replies = 0;
    times.forEach((time, position) => {
      // The first message is ours; after one of ours, about one in four is the lead's answer.
      const previous = own[position - 1];
      const direction = previous?.direction === 'out' && random() < 0.25 ? 'in' : 'out';
      if (direction === 'out') step++;
      else replies++;
      const number = messages.length;
      const message: HistoryMessage = {
        id: MESSAGE_ID_BASE + number,
        uuid: uuid('message', number),
        lead,
        direction,
        at: new Date(time).toISOString(),
        step: Math.max(step, 1),
        subject:
          direction === 'out'
            ? `Step ${step}: a question for ${lead.company}`
            : `Re: Step ${step}: a question for ${lead.company}`,
        text:
          direction === 'out'
            ? `Hi ${lead.firstName}, step ${step} of our sequence.`
            : `Thanks, ${lead.sender.name.split(' ')[0] ?? ''}. Reply ${replies} from ${lead.firstName}.`,
        html: '',
        messageId: `<${platform}-${input.seed}-${number}@${direction === 'out' ? 'outsync-demo.test' : domainOf(lead.email)}>`,
        threadId: uuid('thread', lead.id),
        openCount: direction === 'out' ? Math.floor(random() * 3) : 0,
        clickCount: direction === 'out' && random() < 0.2 ? 1 : 0,
        automated: direction === 'in' && replies % 10 === 0,
      };
      message.html = `<p>${message.text}</p>`;
      own.push(message);
      messages.push(message);
    });
    byLead.set(lead.id, own);
  });
  messages.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  return {
    platform,
    seed: input.seed,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    campaigns,
    leads,
    messages,
    byLead,
    positionByUuid: new Map(messages.map((message, index) => [message.uuid, index])),
    emailsRateLimit: input.emailsRateLimit,
    emailsWindows: new Map(),
  };
}

function generatedLead(
  index: number,
  campaign: HistoryCampaign,
  uuid: (kind: string, index: number) => string,
  from: number,
): HistoryLead {
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Alex';
  const lastName = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Doe';
  const company = `History Co ${index + 1}`;
  const domain = `history-co-${index + 1}.test`;
  const senderNumber = (index % SENDERS) + 1;
  return {
    id: LEAD_ID_BASE + index,
    uuid: uuid('lead', index),
    email: `${firstName}.${lastName}.${index + 1}@${domain}`.toLowerCase(),
    firstName,
    lastName,
    company,
    website: `https://${domain}`,
    title: 'Head of Operations',
    profileUrl: `https://www.linkedin.com/in/${firstName}-${lastName}-h${index + 1}`.toLowerCase(),
    campaign,
    mapId: LEAD_ID_BASE + 500_000 + index,
    createdAt: new Date(from).toISOString(),
    sender: {
      id: 300 + senderNumber,
      email: `sender${senderNumber}@outsync-demo.test`,
      name: `Sender ${senderNumber} Demo`,
      profileUrl: `https://www.linkedin.com/in/outsync-sender-${senderNumber}`,
    },
  };
}

function domainOf(email: string): string {
  return email.split('@')[1] ?? 'example.test';
}

/** A uuid-shaped id derived from a name: the same in every run. */
export function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small seeded PRNG: deterministic across runs and Node versions. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The messages of a campaign (by its numeric id or uuid), oldest first. */
export function campaignMessages(
  history: SeededHistory,
  campaign: HistoryCampaign,
): HistoryMessage[] {
  return history.messages.filter((message) => message.lead.campaign.id === campaign.id);
}

export function findCampaign(history: SeededHistory, id: string): HistoryCampaign | undefined {
  return history.campaigns.find((campaign) => String(campaign.id) === id || campaign.uuid === id);
}
