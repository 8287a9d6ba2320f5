import { randomUUID } from 'node:crypto';
import { Sequence } from '../core/ids.ts';

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

/** The sequencers' accounts: categories, clients, leads, block lists and lists. */
export class PlatformStore {
  smartleadCategories: Array<{ id: number; name: string; created_at: string }> = [];
  smartleadClients: Array<{ id: number; name: string; email: string; uuid: string }> = [];
  smartleadBlockList: SmartleadBlockEntry[] = [];
  instantlyLabels: InstantlyLabel[] = [];
  instantlyBlockList: InstantlyBlockEntry[] = [];
  bisonEmails: BisonBlacklistEntry[] = [];
  bisonDomains: BisonBlacklistEntry[] = [];
  heyreachLists = new Map<number, HeyreachList>();
  /** platform → lower-cased e-mail → lead. */
  leads = new Map<string, Map<string, PlatformLead>>();

  readonly ids = new Sequence(5001);

  reset(): void {
    this.smartleadCategories = [];
    this.smartleadClients = [];
    this.smartleadBlockList = [];
    this.instantlyLabels = [];
    this.instantlyBlockList = [];
    this.bisonEmails = [];
    this.bisonDomains = [];
    this.heyreachLists.clear();
    this.leads.clear();
    this.ids.reset();
  }

  upsertLead(platform: string, lead: Omit<PlatformLead, 'id'>): PlatformLead {
    let byEmail = this.leads.get(platform);
    if (!byEmail) {
      byEmail = new Map();
      this.leads.set(platform, byEmail);
    }
    const key = lead.email.toLowerCase();
    const existing = byEmail.get(key);
    const stored = { ...lead, id: existing?.id ?? this.ids.take() };
    byEmail.set(key, stored);
    return stored;
  }

  findLead(platform: string, email: string): PlatformLead | undefined {
    return this.leads.get(platform)?.get(email.trim().toLowerCase());
  }

  leadsOf(platform: string): PlatformLead[] {
    return [...(this.leads.get(platform)?.values() ?? [])];
  }

  newUuid(): string {
    return randomUUID();
  }
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
