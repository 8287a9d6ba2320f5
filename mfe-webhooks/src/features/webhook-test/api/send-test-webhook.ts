import { useMutation } from '@tanstack/react-query';
import {
  TestWebhookResponseSchema,
  testWebhookUrl,
} from '@outsync/contracts/webhooks/test-payloads';
import { useTestDelivery, type TestDelivery } from '../../../shared/test-delivery-context';

export interface SendTestWebhookRequest {
  /** The webhook's own URL; the test goes to its test address. */
  webhookUrl: string;
  /** The JSON the dialog's editor holds, parsed. */
  payload: unknown;
  /** Who sends it: the session cookie, or the embed token (see TestDelivery). */
  delivery?: TestDelivery;
}

/** The receiver turned the test down; `detail` is what it said, as the user is shown it. */
export class TestWebhookFailure extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'TestWebhookFailure';
  }
}

/**
 * POSTs a test payload to the webhook's test address (spec 01 §7), with the caller's identity
 * (the session cookie on our dashboard, the embed token in a partner's page): the service then
 * checks the caller may change the webhook and records the test in the audit log. Resolves when the receiver answers ok with
 * `success: true`. A non-ok status or `success: false` rejects with a TestWebhookFailure; a
 * request that fails, or an ok answer that is not the receiver's, rejects with another error.
 */
export async function sendTestWebhook({
  webhookUrl,
  payload,
  delivery = { credentials: 'same-origin' },
}: SendTestWebhookRequest): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (delivery.authorization) headers.Authorization = delivery.authorization();
  const response = await fetch(testWebhookUrl(webhookUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
    credentials: delivery.credentials,
  });
  const body = await readJson(response);
  const answer = TestWebhookResponseSchema.safeParse(body);
  if (response.ok && answer.success && answer.data.success) return;
  if (response.ok && !answer.success) {
    throw new Error(`The test receiver answered ${response.status} without its answer`);
  }
  throw new TestWebhookFailure(failureDetail(body, response));
}

/**
 * `onSent` hears each test the receiver accepted (the page tells an embedding host). The dialog
 * tells the outcome itself (spec 01 §8 "Test webhook"), so no `meta.errorToast`.
 */
export function useSendTestWebhook(onSent?: () => void) {
  const delivery = useTestDelivery();
  return useMutation({
    mutationFn: (request: Omit<SendTestWebhookRequest, 'delivery'>) =>
      sendTestWebhook({ ...request, delivery }),
    onSuccess: () => onSent?.(),
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The answer's `errors` pretty-printed as JSON (spec 01 §8); without them, its `message` (a text
 * as it is, anything else pretty-printed), else the HTTP status.
 */
function failureDetail(body: unknown, response: Response): string {
  const answer = TestWebhookResponseSchema.safeParse(body);
  const errors = answer.success ? answer.data.errors : undefined;
  if (errors !== undefined && errors !== null) return JSON.stringify(errors, null, 2);
  const message = isRecord(body) ? body.message : undefined;
  if (typeof message === 'string' && message.trim()) return message;
  if (message !== undefined && message !== null && typeof message !== 'string') {
    return JSON.stringify(message, null, 2);
  }
  return response.statusText
    ? `${response.status} ${response.statusText}`
    : `HTTP ${response.status}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
