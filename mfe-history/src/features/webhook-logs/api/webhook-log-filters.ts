import { ANY_EVENT_TYPE } from '@outsync/contracts';
import type { SyncStatus } from '@outsync/contracts/history';

/** What the filters hold as typed (spec 02 §2.9; Status is beyond the spec). */
export interface WebhookLogFilterForm {
  email: string;
  /** Null until one is chosen: the select cannot be emptied afterwards. */
  eventType: string | null;
  /** '' is "All statuses". */
  status: SyncStatus | '';
  // Managers and admins only (spec 02 §6).
  userEmail: string;
  webhookId: string;
  webhookUrl: string;
  hubId: string;
  /** `<input type="datetime-local">` values, in the viewer's time; '' is no bound. */
  receivedFrom: string;
  receivedTo: string;
}

export const emptyWebhookLogFilters: WebhookLogFilterForm = {
  email: '',
  eventType: null,
  status: '',
  userEmail: '',
  webhookId: '',
  webhookUrl: '',
  hubId: '',
  receivedFrom: '',
  receivedTo: '',
};

/** The filters as sent: only those with a value (spec 02 §7). */
export interface WebhookLogFilterQuery {
  email?: string;
  eventType?: string;
  status?: SyncStatus;
  userEmail?: string;
  webhookId?: string;
  webhookUrl?: string;
  hubId?: string;
  /** UTC instants (ISO 8601): received from (inclusive) until (exclusive). */
  receivedFrom?: string;
  receivedTo?: string;
}

const email = (value: string) => value.trim().toLowerCase() || undefined;
const text = (value: string) => value.trim() || undefined;

/** A datetime-local value ("2026-11-28T09:00", the viewer's time) as a UTC instant. */
function instantOf(local: string): string | undefined {
  // Without an offset, Date reads a date-time as local time.
  const date = local ? new Date(local) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local value in the viewer's time, to the minute; '' if invalid. */
export function localInputValue(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** True when both bounds are set and the range is empty (from inclusive, to exclusive). */
export function isReceivedRangeReversed(form: WebhookLogFilterForm): boolean {
  const from = instantOf(form.receivedFrom);
  const to = instantOf(form.receivedTo);
  return from !== undefined && to !== undefined && Date.parse(from) >= Date.parse(to);
}

/**
 * Spec 02 §5 "History filters": e-mails lowercased and trimmed, ANY omitted, other texts
 * trimmed, only filters with a value sent. The webhook id is a 24-hex id here (the contract),
 * so "sent only when greater than 0" becomes "sent when not empty" ('0' counts as empty). A
 * customer's screen sends none of the staff filters (they are not shown to them).
 */
export function webhookLogQuery(
  form: WebhookLogFilterForm,
  { staff }: { staff: boolean },
): WebhookLogFilterQuery {
  const webhookId = text(form.webhookId);
  const query: WebhookLogFilterQuery = {
    email: email(form.email),
    eventType: form.eventType && form.eventType !== ANY_EVENT_TYPE ? form.eventType : undefined,
    status: form.status || undefined,
    receivedFrom: instantOf(form.receivedFrom),
    receivedTo: instantOf(form.receivedTo),
    ...(staff
      ? {
          userEmail: email(form.userEmail),
          webhookId: webhookId === '0' ? undefined : webhookId?.toLowerCase(),
          webhookUrl: text(form.webhookUrl),
          hubId: text(form.hubId),
        }
      : {}),
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as WebhookLogFilterQuery;
}

/**
 * The Status column (spec 02 §4 "Webhook log status"): "Error" when `errors` is a non-empty
 * array or an object with at least one key; otherwise "Success".
 */
export function webhookLogOutcome(errors: unknown): 'Error' | 'Success' {
  if (Array.isArray(errors)) return errors.length > 0 ? 'Error' : 'Success';
  if (typeof errors === 'object' && errors !== null) {
    return Object.keys(errors).length > 0 ? 'Error' : 'Success';
  }
  return 'Success';
}
