// The audit log names a partner's embed token (issue 30, item 6; set-up in
// partners.test-support.ts): a change made in the embedded module is the customer's, made
// through the partner; an admin's partner changes are recorded with the partner's name.
import type { AuditLogPage } from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildWebhook } from '../../testing/webhook-factories';
import {
  CUSTOMER_A,
  PORTAL,
  STAFF,
  admin,
  app,
  customer,
  partnerOne,
  profileA,
  send,
  tokenFor,
  usePartnersApp,
} from './partners.test-support';

guardOutboundCalls();
usePartnersApp();

const AUDIT_LOG = '/api/admin/audit-log';

it("records a change made through an embed token as the customer's, via the partner", async () => {
  const webhook = await buildWebhook(app.db, { profile: profileA });
  const token = await tokenFor(partnerOne, CUSTOMER_A);
  const removed = await send('DELETE', `/api/admin/webhooks/${webhook._id.toString()}`, {
    bearer: token,
    origin: PORTAL,
  });
  expect(removed.status).toBe(200);

  const page = (await customer.get<AuditLogPage>(AUDIT_LOG)).body;
  expect(page.data[0]).toMatchObject({
    action: 'deleteWebhook',
    actor: { email: CUSTOMER_A, role: null, via: 'embed', partnerName: 'Partner One' },
    account: { email: CUSTOMER_A },
    target: `Smartlead webhook ${webhook._id.toString()}`,
  });
});

it("records an admin's partner changes under the partner's name", async () => {
  const page = (await admin.get<AuditLogPage>(`${AUDIT_LOG}?email=${STAFF}`)).body;
  const created = page.data.filter((entry) => entry.action === 'createPartner');
  expect(created.map((entry) => [entry.actor.email, entry.account?.email, entry.target])).toEqual([
    [STAFF, STAFF, 'Partner Two'],
    [STAFF, STAFF, 'Partner One'],
  ]);
});

it('an embed token may not read the audit log', async () => {
  const token = await tokenFor(partnerOne, CUSTOMER_A);
  const answer = await send('GET', AUDIT_LOG, { bearer: token, origin: PORTAL });
  expect(answer.status).toBe(403);
});
