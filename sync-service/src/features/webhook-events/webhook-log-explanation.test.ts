import type { SyncError } from '../../pipeline';
import { explainWebhookLog, type ExplainedEvent } from './webhook-log-explanation';

// Issue 31 item 3: each kind of failure in words, per error class, and each state beside the
// spec's "Success"/"Error". The texts are spelled out: they are what a user reads.

const AT = new Date('2026-11-29T14:00:00.000Z');
const NEXT = new Date('2026-11-29T14:02:00.000Z');

function event(overrides: Partial<ExplainedEvent> = {}): ExplainedEvent {
  return {
    crm: 'HUBSPOT',
    status: 'received',
    reason: null,
    errors: [],
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: null,
    test: false,
    ...overrides,
  };
}

const error = (message: string, extra: Partial<SyncError> = {}): SyncError => ({
  step: 'contact',
  message,
  at: AT,
  ...extra,
});

/** A failed event with one error of this kind. */
function failedWith(
  code: SyncError['code'],
  message: string,
  crm: 'HUBSPOT' | 'SALESFORCE' = 'HUBSPOT',
) {
  return explainWebhookLog(
    event({
      crm,
      status: 'failed',
      errors: [error(message, code ? { code } : {})],
      attemptCount: 8,
      attempts: [{ at: AT, durationMs: 10, outcome: 'failed', message }],
    }),
    { maxAttempts: 8 },
  );
}

describe('a failed event, per kind of failure', () => {
  const cases: Array<{
    code: SyncError['code'];
    message: string;
    summary: string;
    action: { kind: string; text: string };
  }> = [
    {
      code: 'unauthorized',
      message:
        'HubSpot batch update contacts (POST /crm/v3/objects/contacts/batch/update) was refused (401) and the access token could not be refreshed: invalid_grant',
      summary: "HubSpot refused OutSync's access: the connection expired or was revoked.",
      action: {
        kind: 'reconnect',
        text: 'Reconnect HubSpot on its accounts screen; the waiting events are then written.',
      },
    },
    {
      code: 'missing_scopes',
      message:
        'HubSpot create emails (POST /crm/v3/objects/emails) failed: 403 missing_scopes (This app hasn’t been granted all required scopes; required: sales-email-read, crm.objects.contacts.write)',
      summary:
        'HubSpot refused: the connection lacks a permission OutSync needs (crm.objects.contacts.write).',
      action: {
        kind: 'grant_scopes',
        text: 'Grant the scope crm.objects.contacts.write: reconnect HubSpot and approve every permission it asks for.',
      },
    },
    {
      code: 'forbidden',
      message: 'HubSpot search contacts failed: 403 forbidden',
      summary: 'HubSpot refused: the connected user is not allowed to do this.',
      action: {
        kind: 'check_settings',
        text: 'Give the connected HubSpot user this permission, then Retry.',
      },
    },
    {
      code: 'invalid_request',
      message:
        'HubSpot batch create contacts failed: 400 invalid_request (Property values were not valid)',
      summary: 'HubSpot refused the request OutSync sent.',
      action: {
        kind: 'check_settings',
        text: "Check the webhook's settings and the fields they write, then Retry.",
      },
    },
    {
      code: 'record_refused',
      message: 'HubSpot refused it: Property values were not valid: "abc" is not a valid number',
      summary: "HubSpot refused this event's data.",
      action: {
        kind: 'check_settings',
        text: "Check the webhook's settings and the fields they write, then Retry.",
      },
    },
    {
      code: 'settings',
      message: "The event carries no value for any of the webhook's lookup properties.",
      summary: "The event carries no value for any of the webhook's lookup properties.",
      action: { kind: 'check_settings', text: "Change the webhook's settings, then Retry." },
    },
    {
      code: 'not_connected',
      message:
        'HubSpot is not connected for this profile: connect it again under Connected accounts.',
      summary: "HubSpot is not connected for this webhook's profile.",
      action: {
        kind: 'reconnect',
        text: 'Connect HubSpot again on its accounts screen, then Retry.',
      },
    },
  ];
  it.each(cases)(
    '$code reads "$summary" and offers $action.kind',
    ({ code, message, summary, action }) => {
      const explanation = failedWith(code, message);
      expect(explanation).toEqual({
        state: 'failed',
        label: 'Failed',
        summary,
        next: null,
        action,
        detail: `contact: ${message}`,
      });
    },
  );

  // After automatic attempts at a failure that is not the user's to mend, Retry is what helps.
  it.each([
    [
      'unavailable',
      'HubSpot batch read contacts failed: 503 unavailable',
      'HubSpot was unavailable.',
    ],
    ['timeout', 'HubSpot batch read contacts timed out', 'HubSpot did not answer in time.'],
    [
      'network',
      'HubSpot batch read contacts could not reach the server: ECONNRESET',
      'OutSync could not reach HubSpot.',
    ],
    [
      'unexpected',
      'HubSpot batch read contacts failed: 200 unexpected',
      'HubSpot answered in a way OutSync did not expect.',
    ],
    [
      'rate_limited',
      'HubSpot batch read contacts failed: 429 rate_limited',
      "HubSpot's rate limit was reached.",
    ],
    [
      'not_found',
      'HubSpot refused it: Object not found',
      'A record OutSync needed is no longer in HubSpot (deleted or merged).',
    ],
    [
      'contention',
      'Another OutSync worker was creating this contact at the same moment; the next attempt updates it.',
      'Another process was writing the same record at that moment.',
    ],
    ['internal', 'Cannot read properties of undefined', 'OutSync could not finish writing it.'],
  ] as const)('%s, after its attempts, offers Retry', (code, message, summary) => {
    const explanation = failedWith(code, message);
    expect(explanation.summary).toBe(summary);
    expect(explanation.action).toEqual({ kind: 'retry', text: 'Retry sends it again.' });
  });

  it('names Salesforce for a Salesforce account', () => {
    expect(
      failedWith(
        'unavailable',
        'Salesforce describe (GET /services/data/v62.0/sobjects/Contact/describe) failed: 503 unavailable',
        'SALESFORCE',
      ).summary,
    ).toBe('Salesforce was unavailable.');
  });

  it('names the platform whose call failed (a category lookup), not the CRM', () => {
    expect(
      failedWith(
        'unavailable',
        'Smartlead lead categories (GET /api/v1/leads/categories) failed: 502 unavailable',
      ).summary,
    ).toBe('Smartlead was unavailable.');
  });

  it('reads the kind from the message of a log stored before the kind was kept', () => {
    expect(
      failedWith(
        undefined,
        'Salesforce describe (GET /services/data/v62.0/sobjects/Contact/describe) failed: 503 unavailable',
        'SALESFORCE',
      ).summary,
    ).toBe('Salesforce was unavailable.');
    expect(failedWith(undefined, 'HubSpot refused it: INVALID_EMAIL').summary).toBe(
      "HubSpot refused this event's data.",
    );
    expect(failedWith(undefined, 'something nobody classified').summary).toBe(
      'It could not be written to HubSpot.',
    );
  });
});

describe('an event OutSync is still working on', () => {
  it('retrying: the attempt to come, of how many, and when', () => {
    const message = 'HubSpot batch read contacts failed: 503 unavailable';
    expect(
      explainWebhookLog(
        event({
          errors: [error(message, { code: 'unavailable' })],
          attemptCount: 2,
          attempts: [
            { at: AT, durationMs: 5, outcome: 'retrying', message },
            { at: AT, durationMs: 5, outcome: 'retrying', message },
          ],
          nextAttemptAt: NEXT,
          reason: 'Attempt 2 of 8 failed; next attempt at 2026-11-29 14:02:00 UTC.',
        }),
        { maxAttempts: 8 },
      ),
    ).toEqual({
      state: 'retrying',
      label: 'Retrying',
      summary: 'HubSpot was unavailable.',
      next: { attempt: 3, of: 8, at: '2026-11-29T14:02:00.000Z' },
      action: null,
      detail: `contact: ${message}`,
    });
  });

  it('retrying a refused token: reconnecting is offered while it retries', () => {
    const explanation = explainWebhookLog(
      event({
        errors: [error('HubSpot … was refused (401)', { code: 'unauthorized' })],
        attemptCount: 1,
        attempts: [{ at: AT, durationMs: 5, outcome: 'retrying', message: null }],
        nextAttemptAt: NEXT,
      }),
      { maxAttempts: 8 },
    );
    expect(explanation.state).toBe('retrying');
    expect(explanation.action?.kind).toBe('reconnect');
  });

  it('a test event is given one attempt', () => {
    const explanation = explainWebhookLog(
      event({
        test: true,
        errors: [error('x', { code: 'unavailable' })],
        attemptCount: 1,
        attempts: [{ at: AT, durationMs: 5, outcome: 'retrying', message: null }],
        nextAttemptAt: NEXT,
      }),
      { maxAttempts: 8 },
    );
    expect(explanation.next).toEqual({ attempt: 1, of: 1, at: NEXT.toISOString() });
  });

  it('waiting for a rate limit: when, and no attempt counted', () => {
    const message = 'HubSpot batch read contacts failed: 429 rate_limited';
    const explanation = explainWebhookLog(
      event({
        errors: [error(message, { code: 'rate_limited' })],
        attemptCount: 0,
        attempts: [{ at: AT, durationMs: 5, outcome: 'waiting', message }],
        nextAttemptAt: NEXT,
      }),
      { maxAttempts: 8 },
    );
    expect(explanation).toEqual({
      state: 'waiting',
      label: 'Waiting',
      summary: "HubSpot's rate limit was reached.",
      next: { attempt: null, of: null, at: NEXT.toISOString() },
      action: null,
      detail: `contact: ${message}`,
    });
  });

  it('waiting behind an open circuit: reconnect when a refused token opened it', () => {
    const parked = (reason: string) =>
      explainWebhookLog(
        event({
          errors: [
            error(
              `HubSpot has failed for this account since 2026-11-29 13:50:00 UTC (${reason}). OutSync tries it again at 2026-11-29 14:02:00 UTC and resumes these events as soon as it answers (no attempt spent).`,
              { step: 'crm', code: 'circuit_open' },
            ),
          ],
          attempts: [{ at: AT, durationMs: 5, outcome: 'waiting', message: null }],
          nextAttemptAt: NEXT,
        }),
        { maxAttempts: 8 },
      );
    const outage = parked('HubSpot batch read contacts failed: 503 unavailable');
    expect(outage.state).toBe('waiting');
    expect(outage.summary).toBe(
      'HubSpot has kept failing for this account, so its events wait instead of failing.',
    );
    expect(outage.action).toBeNull();
    expect(
      parked(
        'HubSpot batch read contacts was refused (401) and the access token could not be refreshed',
      ).action?.kind,
    ).toBe('reconnect');
  });

  it('an endpoint retried after the CRM write: written, and the endpoint named', () => {
    const message = 'https://hooks.example.com/in: It answered 500.';
    const explanation = explainWebhookLog(
      event({
        errors: [error(message, { step: 'forward', code: 'endpoint' })],
        attemptCount: 1,
        attempts: [{ at: AT, durationMs: 5, outcome: 'retrying', message }],
        nextAttemptAt: NEXT,
      }),
      { maxAttempts: 8 },
    );
    expect(explanation.summary).toBe(
      'Written to HubSpot; an additional webhook endpoint did not take it (https://hooks.example.com/in).',
    );
    expect(explanation.next).toEqual({ attempt: 2, of: 8, at: NEXT.toISOString() });
  });

  it('queued: received and not tried yet', () => {
    expect(explainWebhookLog(event(), { maxAttempts: 8 })).toEqual({
      state: 'queued',
      label: 'Queued',
      summary: 'Received; it is written to HubSpot in its turn.',
      next: null,
      action: null,
      detail: null,
    });
  });
});

describe('events that are done', () => {
  it('synced', () => {
    expect(explainWebhookLog(event({ status: 'synced' }), { maxAttempts: 8 })).toMatchObject({
      state: 'synced',
      label: 'Synced',
      summary: 'Written to HubSpot.',
      action: null,
    });
  });

  it('partially synced with the CRM’s warning', () => {
    const warning =
      'The contact property outsync_last_event is missing: create it with Create Fields.';
    expect(
      explainWebhookLog(
        event({ status: 'partially_synced', errors: [error(warning, { step: 'crm' })] }),
        { maxAttempts: 8 },
      ),
    ).toMatchObject({
      state: 'partially_synced',
      label: 'Partially synced',
      summary: `Written to HubSpot, with a warning: ${warning}`,
      action: { kind: 'retry', text: 'Retry writes what is missing.' },
    });
  });

  it('partially synced: an endpoint did not take it', () => {
    expect(
      explainWebhookLog(
        event({
          status: 'partially_synced',
          errors: [
            error('https://hooks.example.com/in: It answered 410. Given up after 8 attempts.', {
              step: 'forward',
              code: 'endpoint',
            }),
          ],
        }),
        { maxAttempts: 8 },
      ),
    ).toMatchObject({
      summary:
        'Written to HubSpot; an additional webhook endpoint did not take it (https://hooks.example.com/in).',
      action: {
        kind: 'check_endpoint',
        text: 'Check that the endpoint answers with a 2xx status, then Retry.',
      },
    });
  });

  it('not synced on the free plan: not "Success" alone, and an upgrade offered', () => {
    expect(
      explainWebhookLog(
        event({
          status: 'not_synced',
          reason: 'Not synced: free plan. Upgrade to sync live events into your CRM.',
        }),
        { maxAttempts: 8 },
      ),
    ).toEqual({
      state: 'not_synced',
      label: 'Not synced',
      // The upgrade sentence is the action's line only, not repeated in the summary.
      summary: 'Not synced: free plan.',
      next: null,
      action: { kind: 'upgrade', text: 'Upgrade to sync live events into your CRM.' },
      detail: null,
    });
  });

  it('held by the category filter, with the way to release it', () => {
    const reason =
      'Held until the lead reaches an approved category (Interested); its category is not known yet.';
    expect(explainWebhookLog(event({ status: 'held', reason }), { maxAttempts: 8 })).toMatchObject({
      state: 'held',
      label: 'Held',
      summary: reason,
      action: {
        kind: 'release',
        text: 'Release writes it to the CRM now.',
      },
    });
  });

  it.each([
    ['duplicate', 'Duplicate'],
    ['unsupported', 'Unsupported'],
  ] as const)('%s reads as %s with its reason', (status, label) => {
    expect(
      explainWebhookLog(event({ status, reason: 'Its reason.' }), { maxAttempts: 8 }),
    ).toMatchObject({ state: status, label, summary: 'Its reason.', action: null });
  });
});
