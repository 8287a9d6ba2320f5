import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PlatformSchema, type Platform } from '@outsync/contracts';
import { nowIso } from '../core/http.ts';
import { Sequence } from '../core/ids.ts';
import {
  BISON_DEMO_INSTANCE_PATH,
  BISON_INSTANCES_PATH,
  DEMO_API_KEYS,
  SECOND_API_KEYS,
} from '../demo-constants.ts';
import type { PlatformWebhook } from './platform-webhook.ts';

/** A lead the sequencers know, so lookups by e-mail answer with its campaign and category. */
export interface PlatformLead {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  website: string;
  title: string;
  linkedinUrl: string;
  campaignId: number;
  campaignName: string;
  categoryId: number | null;
}

export interface SmartleadBlockEntry {
  id: number;
  email_or_domain: string;
  type: 'email' | 'domain';
  client_id: number | null;
  created_at: string;
}

export interface InstantlyBlockEntry {
  id: string;
  timestamp_created: string;
  organization_id: string;
  bl_value: string;
  is_domain: boolean;
}

export interface InstantlyLabel {
  id: string;
  timestamp_created: string;
  created_by: string;
  organization_id: string;
  label: string;
  interest_status_label: 'positive' | 'negative' | 'neutral';
  interest_status: number;
  description: string;
  use_with_ai: boolean;
}

export interface BisonBlacklistEntry {
  id: number;
  value: string;
  created_at: string;
  updated_at: string;
}

export interface HeyreachLead {
  /** HeyReach's lead id. */
  id: number;
  /** The LinkedIn member id (`leadMemberIds` of DeleteLeadsFromList), stable per profile. */
  linkedInId: string;
  profileUrl: string;
  firstName: string;
  lastName: string;
  companyName: string;
  position: string;
  emailAddress: string;
  addedAt: string;
}

export interface HeyreachList {
  id: number;
  name: string;
  listType: 'USER_LIST' | 'COMPANY_LIST';
  creationTime: string;
  campaignIds: number[];
  leads: Map<string, HeyreachLead>;
}

export const INSTANTLY_ORGANIZATION_ID = '4f1c2d3e-0000-4000-8000-0000005a4d80';
/** The workspace owner, who "created" every label the sandbox holds. */
export const INSTANTLY_OWNER_ID = '4f1c2d3e-0000-4000-8000-00000000a001';
/** The demo bison instance, served under `/bison`. */
export const BISON_DEMO_INSTANCE = 'demo';

export interface PlatformCampaign {
  id: number;
  name: string;
}

/**
 * One account on a platform, reached with one API key: a Smartlead user, an Instantly
 * workspace, a bison workspace (on one bison instance) or a HeyReach account. Everything a
 * key sees (categories, clients, campaigns, lists, block lists, leads) lives here, so two
 * keys never see each other's data.
 */
export interface PlatformAccount {
  platform: Platform;
  apiKey: string;
  name: string;
  /** Instantly's workspace (organization) id; a uuid for the others too. */
  workspaceId: string;
  /** A numeric id (bison workspace id): 1 for the demo account, 2 for the second, … */
  numericId: number;
  /** bison only: the instance the workspace lives on. */
  instance?: string;
  campaigns: PlatformCampaign[];
  smartleadCategories: Array<{ id: number; name: string; created_at: string }>;
  smartleadClients: Array<{ id: number; name: string; email: string; uuid: string }>;
  /** Keyed by client id and value (one entry per value and client). */
  smartleadBlockList: IndexedEntries<SmartleadBlockEntry>;
  instantlyLabels: InstantlyLabel[];
  /** Keyed by value. */
  instantlyBlockList: IndexedEntries<InstantlyBlockEntry>;
  /** Keyed by value. */
  bisonEmails: IndexedEntries<BisonBlacklistEntry>;
  bisonDomains: IndexedEntries<BisonBlacklistEntry>;
  heyreachLists: Map<number, HeyreachList>;
  /** Where the platform posts its events (Smartlead and HeyReach registration). */
  webhooks: PlatformWebhook[];
  /** lower-cased e-mail → lead. */
  leads: Map<string, PlatformLead>;
  createdAt: string;
}

/** A self-hosted bison installation: `/bison` (demo) or `/bison-instances/<name>`. */
export interface BisonInstance {
  name: string;
  basePath: string;
}

export class PlatformAccountError extends Error {}

/**
 * A block list kept in insertion order and indexed by key (the blocked value) and by id, so
 * adding a value, finding a duplicate or an entry is O(1) and 100,000 entries stay fast. The
 * ordered array behind paging is rebuilt only after a change, once.
 */
export class IndexedEntries<T> {
  private readonly byKey = new Map<string, T>();
  private readonly keyOfId = new Map<string, string>();
  private ordered: T[] | undefined;
  private positions: Map<string, number> | undefined;

  constructor(private readonly idOf: (entry: T) => string) {}

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): T | undefined {
    return this.byKey.get(key);
  }

  byId(id: string): T | undefined {
    const key = this.keyOfId.get(id);
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** Adds an entry under a key that is not taken (check with `get` first). */
  add(key: string, entry: T): T {
    this.byKey.set(key, entry);
    this.keyOfId.set(this.idOf(entry), key);
    this.changed();
    return entry;
  }

  removeById(id: string): T | undefined {
    const key = this.keyOfId.get(id);
    const entry = key === undefined ? undefined : this.byKey.get(key);
    if (key === undefined || entry === undefined) return undefined;
    this.byKey.delete(key);
    this.keyOfId.delete(id);
    this.changed();
    return entry;
  }

  /** Every entry, oldest first. */
  list(): readonly T[] {
    this.ordered ??= [...this.byKey.values()];
    return this.ordered;
  }

  /** Where an entry stands in `list()` (-1 when absent), for cursor paging. */
  positionOf(id: string): number {
    this.positions ??= new Map(this.list().map((entry, index) => [this.idOf(entry), index]));
    return this.positions.get(id) ?? -1;
  }

  private changed(): void {
    this.ordered = undefined;
    this.positions = undefined;
  }
}

/** The sequencers' accounts, by platform and API key, and bison's instances. */
export class PlatformStore {
  private accounts = new Map<string, PlatformAccount>();
  readonly bisonInstances = new Map<string, BisonInstance>();
  readonly ids = new Sequence(5001);

  constructor() {
    this.reset();
  }

  /** Back to the demo and second account of every platform (empty) on the demo bison instance. */
  reset(): void {
    this.accounts.clear();
    this.bisonInstances.clear();
    this.ids.reset();
    this.bisonInstances.set(BISON_DEMO_INSTANCE, {
      name: BISON_DEMO_INSTANCE,
      basePath: BISON_DEMO_INSTANCE_PATH,
    });
    for (const platform of PlatformSchema.options) {
      this.addAccount(platform, {
        apiKey: DEMO_API_KEYS[platform],
        name: 'OutSync Demo',
        workspaceId: platform === 'instantly' ? INSTANTLY_ORGANIZATION_ID : undefined,
      });
      this.addAccount(platform, { apiKey: SECOND_API_KEYS[platform], name: 'OutSync Second' });
    }
  }

  addAccount(
    platform: Platform,
    input: { apiKey?: string; name?: string; workspaceId?: string; instance?: string } = {},
  ): PlatformAccount {
    const apiKey = input.apiKey ?? `${platform}_sandbox_${randomBytes(12).toString('hex')}`;
    if (this.accounts.has(`${platform}:${apiKey}`))
      throw new PlatformAccountError(`The ${platform} key ${apiKey} is taken`);
    const instance = platform === 'bison' ? (input.instance ?? BISON_DEMO_INSTANCE) : undefined;
    if (instance !== undefined && !this.bisonInstances.has(instance))
      throw new PlatformAccountError(`No bison instance named ${instance}`);
    const account: PlatformAccount = {
      platform,
      apiKey,
      name: input.name ?? `${platform} account ${this.accountsOf(platform).length + 1}`,
      workspaceId: input.workspaceId ?? randomUUID(),
      numericId: this.accountsOf(platform).length + 1,
      ...(instance !== undefined ? { instance } : {}),
      campaigns: [],
      smartleadCategories: [],
      smartleadClients: [],
      smartleadBlockList: new IndexedEntries((entry) => String(entry.id)),
      instantlyLabels: [],
      instantlyBlockList: new IndexedEntries((entry) => entry.id),
      bisonEmails: new IndexedEntries((entry) => String(entry.id)),
      bisonDomains: new IndexedEntries((entry) => String(entry.id)),
      heyreachLists: new Map(),
      webhooks: [],
      leads: new Map(),
      createdAt: nowIso(),
    };
    this.accounts.set(`${platform}:${apiKey}`, account);
    return account;
  }

  /** The account behind a key; undefined for unknown keys. */
  account(platform: Platform, apiKey: string | undefined): PlatformAccount | undefined {
    return apiKey === undefined ? undefined : this.accounts.get(`${platform}:${apiKey}`);
  }

  demoAccount(platform: Platform): PlatformAccount {
    const account = this.accounts.get(`${platform}:${DEMO_API_KEYS[platform]}`);
    if (!account) throw new Error(`the demo ${platform} account is missing`);
    return account;
  }

  accountsOf(platform: Platform): PlatformAccount[] {
    return [...this.accounts.values()].filter((account) => account.platform === platform);
  }

  /** Registers a bison instance at `/bison-instances/<name>` with one workspace and its key. */
  addBisonInstance(name: string): { instance: BisonInstance; account: PlatformAccount } {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name))
      throw new PlatformAccountError('name must be lower-case letters, digits and dashes');
    if (this.bisonInstances.has(name))
      throw new PlatformAccountError(`A bison instance named ${name} exists`);
    const instance = { name, basePath: `${BISON_INSTANCES_PATH}/${name}` };
    this.bisonInstances.set(name, instance);
    return {
      instance,
      account: this.addAccount('bison', { instance: name, name: `${name} workspace` }),
    };
  }

  upsertLead(account: PlatformAccount, lead: Omit<PlatformLead, 'id'>): PlatformLead {
    const key = lead.email.toLowerCase();
    const existing = account.leads.get(key);
    const stored = { ...lead, id: existing?.id ?? this.ids.take() };
    account.leads.set(key, stored);
    return stored;
  }

  newUuid(): string {
    return randomUUID();
  }
}

/**
 * A LinkedIn member id for a public profile URL: the same profile gets the same id in every
 * list, as a real member id would (the sandbox has no LinkedIn to ask).
 */
export function linkedInIdOf(profileUrl: string): string {
  return `ACoAA${createHash('sha256').update(profileUrl).digest('base64url').slice(0, 34)}`;
}

/** One Smartlead block-list entry per value and client (null: account-wide). */
export function smartleadBlockKey(value: string, clientId: number | null): string {
  return `${clientId ?? ''}|${value}`;
}

export function findLead(account: PlatformAccount, email: string): PlatformLead | undefined {
  return account.leads.get(email.trim().toLowerCase());
}

export function leadsOf(account: PlatformAccount): PlatformLead[] {
  return [...account.leads.values()];
}

/** Campaigns of an account: the ones it was given plus those its leads run in. */
export function campaignsOf(account: PlatformAccount): PlatformCampaign[] {
  const campaigns = new Map(account.campaigns.map((campaign) => [campaign.id, campaign]));
  for (const lead of account.leads.values())
    if (!campaigns.has(lead.campaignId))
      campaigns.set(lead.campaignId, { id: lead.campaignId, name: lead.campaignName });
  return [...campaigns.values()];
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * What the e-mail platforms accept in a block list: an ASCII e-mail address or domain.
 * Non-Latin (IDN) values are refused, so the product's punycode normalisation is exercised.
 */
export function blockValueKind(value: string): 'email' | 'domain' | undefined {
  const trimmed = value.trim();
  if (EMAIL.test(trimmed)) return 'email';
  if (DOMAIN.test(trimmed)) return 'domain';
  return undefined;
}
