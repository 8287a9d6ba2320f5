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
}

export const emptyWebhookLogFilters: WebhookLogFilterForm = {
  email: '',
  eventType: null,
  status: '',
  userEmail: '',
  webhookId: '',
  webhookUrl: '',
  hubId: '',
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
}

const email = (value: string) => value.trim().toLowerCase() || undefined;
const text = (value: string) => value.trim() || undefined;

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
