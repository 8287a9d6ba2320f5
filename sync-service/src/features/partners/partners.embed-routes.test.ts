// Partners (issue 15; set-up in partners.test-support.ts): an embed token in the embedded
// module's browser: the webhook routes of one customer, from the partner's origins, never with
// cookies, never anywhere else.
import type { WebhooksResponse } from '@outsync/contracts/webhooks';
import { SESSION_COOKIE } from '../../platform/http/session';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildWebhook } from '../../testing/webhook-factories';
import {
  PARTNERS,
  WEBHOOKS,
  PORTAL,
  LOCAL_PORTAL,
  OTHER_PARTNERS_PORTAL,
  STRANGER,
  CUSTOMER_A,
  CUSTOMER_B,
  STAFF,
  app,
  admin,
  profileA,
  customerB,
  webhookA,
  webhookB,
  adminsWebhook,
  partnerOne,
  send,
  tokenFor,
  createPartner,
  sha256Hex,
  idsOf,
  tokensCollection,
  usePartnersApp,
  sessionOf,
} from './partners.test-support';

guardOutboundCalls();
usePartnersApp();

describe('an embed token on the webhook routes', () => {
  it("lists only its customer's webhooks", async () => {
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: await tokenFor(partnerOne, CUSTOMER_A),
      origin: PORTAL,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([webhookA._id.toString()]);
    expect(idsOf(answer.body)).not.toContain(webhookB._id.toString());
    expect(JSON.stringify(answer.body)).not.toContain(webhookB.code);
  });

  it("cannot update or delete another customer's webhook: 404 as for any unknown id", async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const path = `${WEBHOOKS}/${webhookB._id.toString()}`;
    const update = await send('PUT', path, {
      bearer: token,
      body: { emailService: 'instantly', objectLookupMethod: 'default' },
    });
    expect([update.status, update.body.code]).toEqual([404, 'not_found']);
    const remove = await send('DELETE', path, { bearer: token });
    expect([remove.status, remove.body.code]).toEqual([404, 'not_found']);
    const list = (await customerB.get<WebhooksResponse>(WEBHOOKS)).body;
    expect(list.webhooks).toEqual([
      expect.objectContaining({ id: webhookB._id.toString(), emailService: 'smartlead' }),
    ]);
  });

  it('changes its own customer’s webhooks without a cookie or CSRF token', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const own = await buildWebhook(app.db, { profile: profileA });
    const path = `${WEBHOOKS}/${own._id.toString()}`;
    const update = await send<{ emailService: string }>('PUT', path, {
      bearer: token,
      origin: PORTAL,
      body: { emailService: 'instantly', objectLookupMethod: 'default' },
    });
    expect([update.status, update.body.emailService]).toEqual([200, 'instantly']);
    const remove = await send<{ id: string }>('DELETE', path, { bearer: token, origin: PORTAL });
    expect([remove.status, remove.body.id]).toEqual([200, own._id.toString()]);
  });

  it('refuses every other route with 403 embed_route_not_allowed', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const expected = {
      code: 'embed_route_not_allowed',
      message: 'An embed token can only be used by the webhooks module.',
    };
    const attempts = [
      await send('GET', '/api/admin/dashboard/users', { bearer: token }),
      await send('GET', '/api/admin/me', { bearer: token }),
      await send('GET', PARTNERS, { bearer: token }),
      await send('GET', '/api/admin/dashboard/api-keys', { bearer: token }),
      await send('GET', '/api/admin/webhook-logs', { bearer: token }),
      await send('DELETE', '/auth/logout', { bearer: token }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([403, expected]);
    }
  });

  it('refuses any other bearer credential with 401 embed_token_invalid, cookie or not', async () => {
    const expected = {
      code: 'embed_token_invalid',
      message: 'The embed token is not valid. Ask your server for a new one.',
    };
    const adminCookie = { cookie: `${SESSION_COOKIE}=${await sessionOf(STAFF)}` };
    const attempts = [
      await send('GET', '/api/admin/dashboard/users', { bearer: partnerOne.apiKey }),
      await send('GET', WEBHOOKS, { bearer: `oset_${'x'.repeat(43)}` }),
      await send('GET', WEBHOOKS, { bearer: 'oset_short' }),
      await send('GET', WEBHOOKS, { bearer: '' }),
      await send('GET', PARTNERS, { bearer: partnerOne.apiKey, headers: adminCookie }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([401, expected]);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('answers an expired token with 401 embed_token_expired', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    await tokensCollection().updateOne(
      { tokenHash: sha256Hex(token) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const answer = await send('GET', WEBHOOKS, { bearer: token, origin: PORTAL });
    expect([answer.status, answer.body]).toEqual([
      401,
      {
        code: 'embed_token_expired',
        message: 'The embed token has expired. Ask your server for a new one.',
      },
    ]);
    // The embedded module can read why: the error carries the partner's origin.
    expect(answer.headers.get('access-control-allow-origin')).toBe(PORTAL);
  });

  it('stops working once the partner no longer lists the customer', async () => {
    const partner = await createPartner({
      name: 'Dropping a customer',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A, CUSTOMER_B],
    });
    const tokenA = await tokenFor(partner, CUSTOMER_A);
    const tokenB = await tokenFor(partner, CUSTOMER_B);
    await admin.put(`${PARTNERS}/${partner.id}`, {
      name: partner.name,
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_B],
    });
    const dropped = await send('GET', WEBHOOKS, { bearer: tokenA });
    expect([dropped.status, dropped.body.code]).toEqual([401, 'embed_token_invalid']);
    expect((await send('GET', WEBHOOKS, { bearer: tokenB })).status).toBe(200);
  });

  it('refuses an origin the partner did not list, even one another partner lists', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const expected = {
      code: 'embed_origin_not_allowed',
      message: 'This page’s origin is not one the partner allowed.',
    };
    const stranger = await send('GET', WEBHOOKS, { bearer: token, origin: STRANGER });
    expect([stranger.status, stranger.body]).toEqual([403, expected]);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const otherPartners = await send('GET', WEBHOOKS, {
      bearer: token,
      origin: OTHER_PARTNERS_PORTAL,
    });
    expect([otherPartners.status, otherPartners.body]).toEqual([403, expected]);
    for (const origin of [PORTAL, LOCAL_PORTAL]) {
      const allowed = await send('GET', WEBHOOKS, { bearer: token, origin });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it("ignores the session cookie: another user's cookie neither widens nor replaces the token", async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const cookieOfB = { cookie: `${SESSION_COOKIE}=${await sessionOf(CUSTOMER_B)}` };
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: token,
      headers: cookieOfB,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([webhookA._id.toString()]);
    const adminCookie = { cookie: `${SESSION_COOKIE}=${await sessionOf(STAFF)}` };
    const staffRoute = await send('GET', '/api/admin/dashboard/users', {
      bearer: token,
      headers: adminCookie,
    });
    expect(staffRoute.status).toBe(403);
  });

  it('acts as a customer even for a staff address the partner lists', async () => {
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: await tokenFor(partnerOne, STAFF),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([
      adminsWebhook._id.toString(),
    ]);
    expect(idsOf(answer.body)).not.toContain(webhookA._id.toString());
    expect(idsOf(answer.body)).not.toContain(webhookB._id.toString());
    // The same admin's own session still sees everyone's.
    expect(idsOf((await admin.get<WebhooksResponse>(WEBHOOKS)).body)).toContain(
      webhookA._id.toString(),
    );
  });
});
