// The alert a CRM account's owner gets when its circuit opens (issue 29 "Alerts"): the words, and
// at most one e-mail an hour per account.
import { createLogger } from '../../platform/logger';
import { createMemoryMailer } from '../../testing/memory-mailer';
import { createCircuitAlerts } from './circuit-alerts';
import { useAlertsDatabase } from './alerts.test-support';
import { crmAlertModel } from './crm-alert.model';

const database = useAlertsDatabase();

const REASON = 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable';

function alertsAt(start: string, accounts: Record<string, { email: string; org: string }>) {
  let at = new Date(start).getTime();
  const mailbox = createMemoryMailer('OutSync <alerts@outsync.local>');
  const alerts = createCircuitAlerts({
    alerts: crmAlertModel(database().connection),
    accountOf: (key) => {
      const account = accounts[key];
      return Promise.resolve(
        account ? { ownerEmail: account.email, crm: 'HUBSPOT', organizationId: account.org } : null,
      );
    },
    mailer: mailbox,
    publicUrl: 'https://app.outsync.test/',
    now: () => new Date(at),
    logger: createLogger({ level: 'silent' }),
  });
  return {
    alerts,
    mailbox,
    later: (ms: number) => {
      at += ms;
    },
  };
}

it('tells the owner which CRM account fails since when and why, that nothing is lost, and the fix', async () => {
  const { alerts, mailbox } = alertsAt('2026-11-29T14:05:00Z', {
    p1: { email: 'ada@customer.test', org: '24000001' },
  });

  await alerts.opened({
    accountKey: 'p1',
    since: new Date('2026-11-29T14:02:30Z'),
    reason: REASON,
  });

  expect(mailbox.sent).toHaveLength(1);
  const [mail] = mailbox.sent;
  expect(mail?.to).toBe('ada@customer.test');
  expect(mail?.subject).toBe('OutSync: HubSpot portal 24000001 is failing; its events are waiting');
  expect(mail?.text).toBe(
    [
      'Since 2026-11-29 14:02 UTC, HubSpot has refused every write to portal 24000001:',
      REASON,
      '',
      "OutSync holds this account's events and tries HubSpot every 30 seconds. They are written as soon as it answers; nothing is lost, and their attempts are not used up meanwhile.",
      '',
      "If HubSpot's status page shows no outage, the connection is the likely cause: reconnect the HubSpot profile in OutSync (Accounts, CRM profiles).",
      '',
      'The waiting events: https://app.outsync.test/admin/dashboard/history/webhook-logs',
    ].join('\n'),
  );
  expect(mail?.html).toContain("<p>If HubSpot's status page shows no outage");
});

it('sends at most one e-mail an hour per account, however often its circuit opens', async () => {
  const { alerts, mailbox, later } = alertsAt('2026-11-29T14:00:00Z', {
    p1: { email: 'ada@customer.test', org: '24000001' },
    p2: { email: 'bob@customer.test', org: '24000002' },
  });
  const since = new Date('2026-11-29T13:59:00Z');

  await alerts.opened({ accountKey: 'p1', since, reason: REASON });
  later(30 * 60_000);
  await alerts.opened({ accountKey: 'p1', since, reason: REASON });
  await alerts.opened({ accountKey: 'p2', since, reason: REASON });
  later(31 * 60_000);
  await alerts.opened({ accountKey: 'p1', since, reason: REASON });
  // An account OutSync no longer knows: nobody to tell.
  await alerts.opened({ accountKey: 'gone', since, reason: REASON });

  expect(mailbox.sent.map((mail) => mail.to)).toEqual([
    'ada@customer.test',
    'bob@customer.test',
    'ada@customer.test',
  ]);
});
