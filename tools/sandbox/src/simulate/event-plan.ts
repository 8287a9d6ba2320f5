import type { PlatformAccount, PlatformLead } from '../platforms/platform-store.ts';
import {
  buildPayload,
  heyreachVariant,
  type Campaign,
  type CategoryChange,
  type EventContext,
  type Payload,
  type SimulatedLead,
  type SimulatedPlatform,
} from './campaign-payloads.ts';
import type { Random } from './random.ts';

// Decides each event of a run in order (which lead, which type, which category it moves the
// lead to) and keeps the sandbox's platform store in step, so the platform's lead lookup answers
// the category the events reported.

/** A simulated lead and its record in the platform store. */
export interface RunLead {
  lead: SimulatedLead;
  stored: PlatformLead;
}

export interface PlannedEvent {
  index: number;
  /** The generator's name for the event (a spec 01 §9 test event type, or a raw name). */
  eventType: string;
  lead: SimulatedLead;
  payload: Payload;
}

export interface PlanOptions {
  platform: SimulatedPlatform;
  account: PlatformAccount;
  leads: RunLead[];
  eventTypes: readonly string[];
  events: number;
  campaign: Campaign;
  random: Random;
  /** The event's occurred-at time. */
  timeOf: (index: number) => Date;
  /** One subject for every lead's e-mails; default: each lead's own. */
  subject?: string;
}

/**
 * Instantly's built-in interest statuses (`lt_interest_status`, external-apis.md §4.4) per lead
 * event; `lead_neutral` clears the status (no built-in value is documented for it).
 */
export const INSTANTLY_INTEREST_STATUS: Record<string, { id: number | null; name: string | null }> =
  {
    lead_interested: { id: 1, name: 'Interested' },
    lead_meeting_booked: { id: 2, name: 'Meeting Booked' },
    lead_meeting_completed: { id: 3, name: 'Meeting Completed' },
    lead_closed: { id: 4, name: 'Won' },
    lead_out_of_office: { id: 0, name: 'Out of Office' },
    lead_not_interested: { id: -1, name: 'Not Interested' },
    lead_wrong_person: { id: -2, name: 'Wrong Person' },
    lead_neutral: { id: null, name: null },
  };

const HEYREACH_TAGS = ['Interested', 'Follow up', 'Hot lead'];

/** Events go lead by lead through the event types in order (sends, then opens, …). */
export function planCampaign(options: PlanOptions): PlannedEvent[] {
  const state = new RunState(options);
  const planned: PlannedEvent[] = [];
  for (let index = 0; index < options.events; index++) {
    const runLead = options.leads[index % options.leads.length];
    const eventType =
      options.eventTypes[Math.floor(index / options.leads.length) % options.eventTypes.length];
    if (!runLead || !eventType) break;
    const context = state.contextFor(index, eventType, runLead);
    planned.push({
      index,
      eventType,
      lead: runLead.lead,
      payload: buildPayload(options.platform, context),
    });
  }
  return planned;
}

/** What a run remembers between events: first sends, and which category comes next. */
class RunState {
  private readonly firstSends = new Map<string, string>();
  private categoryTurn = 0;

  constructor(private readonly options: PlanOptions) {}

  contextFor(index: number, eventType: string, { lead, stored }: RunLead): EventContext {
    const { random, campaign, platform } = this.options;
    const context: EventContext = {
      eventType,
      lead,
      campaign,
      sequence: index,
      now: this.options.timeOf(index),
      random,
      lookupIdAtTopLevel: random.chance(0.5),
      ...(this.options.subject !== undefined ? { subject: this.options.subject } : {}),
    };
    if (platform === 'smartlead') this.smartlead(context, stored);
    if (platform === 'instantly') this.instantly(context, stored);
    if (platform === 'heyreach' && heyreachVariant(eventType).eventType === 'lead_tag_updated')
      this.addTag(lead);
    return context;
  }

  /** FIRST_EMAIL_SENT repeats the lead's first EMAIL_SENT (same stats_id); categories rotate. */
  private smartlead(context: EventContext, stored: PlatformLead): void {
    const key = context.lead.email;
    if (context.eventType === 'EMAIL_SENT' || context.eventType === 'FIRST_EMAIL_SENT') {
      const first = this.firstSends.get(key);
      const statsId =
        context.eventType === 'FIRST_EMAIL_SENT' && first ? first : context.random.uuid();
      if (!first) this.firstSends.set(key, statsId);
      context.statsId = statsId;
    }
    if (context.eventType !== 'LEAD_CATEGORY_UPDATED') return;
    const categories = this.options.account.smartleadCategories;
    const next = categories[this.categoryTurn++ % Math.max(1, categories.length)] ?? {
      id: 1,
      name: 'Interested',
    };
    const old = categories.find((category) => category.id === stored.categoryId);
    context.category = change(old ?? null, next);
    stored.categoryId = next.id;
  }

  /** lead_* events set the interest status; custom_label moves the lead to a custom label. */
  private instantly(context: EventContext, stored: PlatformLead): void {
    const builtIn = INSTANTLY_INTEREST_STATUS[context.eventType];
    if (builtIn) {
      context.category = change(null, builtIn, stored.categoryId);
      stored.categoryId = builtIn.id;
      return;
    }
    if (context.eventType !== 'custom_label') return;
    const labels = this.options.account.instantlyLabels;
    const label = labels[this.categoryTurn++ % Math.max(1, labels.length)];
    if (!label) return;
    context.customLabel = label.label;
    context.category = change(
      null,
      { id: label.interest_status, name: label.label },
      stored.categoryId,
    );
    stored.categoryId = label.interest_status;
  }

  private addTag(lead: SimulatedLead): void {
    const tag = HEYREACH_TAGS[this.categoryTurn++ % HEYREACH_TAGS.length] ?? 'Interested';
    if (!lead.tags.includes(tag)) lead.tags.push(tag);
  }
}

function change(
  old: { id: number | null; name: string } | null,
  next: { id: number | null; name: string | null },
  oldId: number | null = old?.id ?? null,
): CategoryChange {
  return { oldId, oldName: old?.name ?? null, newId: next.id, newName: next.name };
}
