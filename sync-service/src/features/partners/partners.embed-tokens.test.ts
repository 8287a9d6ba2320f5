// Partners (issue 15; set-up in partners.test-support.ts): the partner's server trading its key
// for an embed token for one of its customers.
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  TOKENS,
  PORTAL,
  CUSTOMER_A,
  CUSTOMER_B,
  type Token,
  app,
  partnerOne,
  partnerTwo,
  userIdOf,
  send,
  tokenFor,
  createPartner,
  sha256Hex,
  tokensCollection,
  usePartnersApp,
} from './partners.test-support';

guardOutboundCalls();
usePartnersApp();

describe('POST /api/partner/embed-tokens', () => {
  it('refuses a missing, unknown or malformed key with 401 partner_key_invalid', async () => {
    const expected = {
      code: 'partner_key_invalid',
      message: 'The partner API key is missing or not valid.',
    };
    const embedToken = await tokenFor(partnerOne, CUSTOMER_A);
    const attempts = [
      await send('POST', TOKENS, { body: { customerEmail: CUSTOMER_A } }),
      await send('POST', TOKENS, {
        bearer: `osp_${'A'.repeat(43)}`,
        body: { customerEmail: CUSTOMER_A },
      }),
      await send('POST', TOKENS, { bearer: embedToken, body: { customerEmail: CUSTOMER_A } }),
      await send('POST', TOKENS, {
        headers: { authorization: `Basic ${partnerOne.apiKey}` },
        body: { customerEmail: CUSTOMER_A },
      }),
      // The key is checked first: without one, the caller does not learn what the body lacks.
      await send('POST', TOKENS, { body: { ttlSeconds: 'soon' } }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([401, expected]);
    }
  });

  it('refuses a customer the partner does not list, with 403 customer_not_allowed', async () => {
    const answer = await send('POST', TOKENS, {
      bearer: partnerTwo.apiKey,
      body: { customerEmail: CUSTOMER_B },
    });
    expect([answer.status, answer.body]).toEqual([
      403,
      {
        code: 'customer_not_allowed',
        message: 'This partner may not act for customer-b@globex.test.',
      },
    ]);
  });

  it('accepts a customer listed before they sign up, and issues tokens once they have', async () => {
    const email = 'not-yet@newcomer.test';
    const partner = await createPartner({
      name: 'Onboarding',
      allowedOrigins: [PORTAL],
      customerEmails: [email],
    });
    const before = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: email },
    });
    expect([before.status, before.body]).toEqual([
      403,
      {
        code: 'customer_not_allowed',
        message: 'This partner may not act for not-yet@newcomer.test.',
      },
    ]);
    await app.signIn({ email });
    expect(
      (await send('POST', TOKENS, { bearer: partner.apiKey, body: { customerEmail: email } }))
        .status,
    ).toBe(201);
  });

  it('issues a 15-minute oset_ token for a listed customer, stored only as a hash', async () => {
    const before = Date.now();
    const answer = await send<Token>('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      body: { customerEmail: ' Customer-A@ACME.test ' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^oset_[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      customerEmail: CUSTOMER_A,
    });
    const expiresAt = Date.parse(answer.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);

    const stored = await tokensCollection().findOne({ tokenHash: sha256Hex(answer.body.token) });
    expect(stored).toMatchObject({
      partnerId: expect.anything(),
      userId: expect.anything(),
      keyCreatedAt: new Date(partnerOne.keyCreatedAt),
      expiresAt: new Date(answer.body.expiresAt),
    });
    expect(String(stored?.partnerId)).toBe(partnerOne.id);
    expect(String(stored?.userId)).toBe(await userIdOf(CUSTOMER_A));
    expect(JSON.stringify(stored)).not.toContain(answer.body.token.slice(5));
  });

  it('takes a lifetime from 60 seconds up to 30 minutes, and no longer', async () => {
    for (const ttlSeconds of [60, 1800]) {
      const before = Date.now();
      const answer = await send<Token>('POST', TOKENS, {
        bearer: partnerOne.apiKey,
        body: { customerEmail: CUSTOMER_A, ttlSeconds },
      });
      expect(answer.status).toBe(201);
      const lifetime = Date.parse(answer.body.expiresAt) - before;
      expect(lifetime).toBeGreaterThanOrEqual(ttlSeconds * 1000);
      expect(lifetime).toBeLessThan(ttlSeconds * 1000 + 5000);
    }
    const tooLong = await send('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      body: { customerEmail: CUSTOMER_A, ttlSeconds: 1801 },
    });
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      expect.objectContaining({
        code: 'validation_error',
        message: 'At most 1800 seconds (30 minutes).',
      }),
    ]);
  });

  it('is server to server: no CORS, even for a partner’s origin', async () => {
    const preflight = await send('OPTIONS', TOKENS, {
      origin: PORTAL,
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await send('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      origin: PORTAL,
      body: { customerEmail: CUSTOMER_A },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
