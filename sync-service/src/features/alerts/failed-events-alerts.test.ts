// The owners' digest of failed events (issue 29 "Alerts"): how many failed in the last hour for
// which CRM account, why in the CRM's words, and the fix; one e-mail an hour at most per account.
// The failures are read from the real webhook log (`failedEventsSince`).
import { Types } from 'mongoose';
import { createLogger } from '../../platform/logger';
import { createMemoryMailer } from '../../testing/memory-mailer';
import { failedEventsSince, webhookEventModel } from '../webhook-events';
import { useAlertsDatabase } from './alerts.test-support';
import { crmAlertModel } from './crm-alert.model';
import { createFailedEventsAlerts } from './failed-events-alerts';

const database = useAlertsDatabase();

beforeEach(async () => {
  await database().connection.collection('webhookLogs').deleteMany({});
});

const P1 = new Types.ObjectId();
const P2 = new Types.ObjectId();
const START = new Date('2026-11-29T14:00:00Z').getTime();
const MINUTE = 60_000;

/** An event of `account` that ended as `status` `minutesAgo` before the clock's start. */
async function ended(
  account: Types.ObjectId,
  minutesAgo: number,
  reason: string,
  status = 'failed',
) {
  await database()
    .connection.collection('webhookLogs')
    .insertOne({
      userProfileId: account,
      status,
      reason,
      updatedAt: new Date(START - minutesAgo * MINUTE),
    });
}

function digestsAt(options: { failingMailer?: boolean } = {}) {
  let at = START;
  const mailbox = createMemoryMailer('OutSync <alerts@outsync.local>');
  const alerts = createFailedEventsAlerts({
    alerts: crmAlertModel(database().connection),
    failedSince: (since) => failedEventsSince(webhookEventModel(database().connection), since),
    accountOf: (key) =>
      Promise.resolve(
        key === P1.toString()
          ? { ownerEmail: 'ada@customer.test', crm: 'HUBSPOT', organizationId: '24000001' }
          : key === P2.toString()
            ? { ownerEmail: 'bob@other.test', crm: 'SALESFORCE', organizationId: '00D5e0000001' }
            : null,
      ),
    mailer: options.failingMailer
      ? { send: () => Promise.reject(new Error('SMTP down')), close: () => undefined }
      : mailbox,
    publicUrl: 'https://app.outsync.test/',
    now: () => new Date(at),
    logger: createLogger({ level: 'silent' }),
  });
  return { alerts, mailbox, later: (ms: number) => (at += ms) };
}

it('tells each owner how many failed in the last hour, why (commonest first), and the fix', async () => {
  const missing = 'HubSpot refused the contact: Property "industry_x" does not exist';
  const scope = 'HubSpot answered 403: the token lacks crm.objects.contacts.write';
  await ended(P1, 5, missing);
  await ended(P1, 20, missing);
  await ended(P1, 50, scope);
  await ended(P1, 90, scope); // before the hour: an earlier digest's
  await ended(P1, 10, missing, 'synced');
  await ended(P2, 3, 'Salesforce answered 400: REQUIRED_FIELD_MISSING Company');

  const { alerts, mailbox } = digestsAt();
  expect(await alerts.sendDue()).toBe(2);

  const [ada] = mailbox.to('ada@customer.test');
  expect(ada?.subject).toBe('OutSync: 3 events failed for HubSpot portal 24000001');
  expect(ada?.text).toBe(
    [
      'In the last hour, 3 events could not be written to HubSpot portal 24000001, after every attempt OutSync makes. They are kept in History with their payloads.',
      '',
      'Why:',
      `2 × ${missing}`,
      `1 × ${scope}`,
      '',
      'Fix the cause (a reconnected HubSpot profile, a field or permission in HubSpot, the webhook\'s settings), then retry them: History, Webhooks, Status failed, "Retry all…".',
      '',
      'The failed events: https://app.outsync.test/admin/dashboard/history/webhook-logs?status=failed',
    ].join('\n'),
  );
  expect(ada?.html).toContain(
    '<p>2 × HubSpot refused the contact: Property &quot;industry_x&quot;',
  );
  const [bob] = mailbox.to('bob@other.test');
  expect(bob?.subject).toBe('OutSync: 1 event failed for Salesforce org 00D5e0000001');
});

it('sends one digest an hour per account, then the failures since', async () => {
  await ended(P1, 1, 'HubSpot answered 503');
  const { alerts, mailbox, later } = digestsAt();
  expect(await alerts.sendDue()).toBe(1);

  await ended(P1, -10, 'HubSpot answered 503'); // ten minutes after the first digest
  later(30 * MINUTE);
  expect(await alerts.sendDue()).toBe(0);
  later(31 * MINUTE);
  expect(await alerts.sendDue()).toBe(1);
  expect(mailbox.to('ada@customer.test').map((mail) => mail.subject)).toEqual([
    'OutSync: 1 event failed for HubSpot portal 24000001',
    'OutSync: 1 event failed for HubSpot portal 24000001',
  ]);
});

it('sends nothing without failures, and tries again next run when the mail could not go out', async () => {
  const quiet = digestsAt();
  expect(await quiet.alerts.sendDue()).toBe(0);

  await ended(P1, 2, 'HubSpot answered 503');
  const down = digestsAt({ failingMailer: true });
  expect(await down.alerts.sendDue()).toBe(0);
  const up = digestsAt();
  expect(await up.alerts.sendDue()).toBe(1);
});
