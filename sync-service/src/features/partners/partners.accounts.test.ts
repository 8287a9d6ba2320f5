// Partners (issue 15; set-up in partners.test-support.ts): the admin's partner accounts, their
// keys shown once and rotated, and how keys and tokens are stored.
import type { Partner, PartnerWithKey } from '@outsync/contracts/accounts';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { embedTokenModel, partnerModel } from './partners.service';
import {
  PARTNERS,
  TOKENS,
  WEBHOOKS,
  PORTAL,
  CUSTOMER_A,
  type Error_,
  app,
  admin,
  manager,
  customer,
  partnerOne,
  send,
  tokenFor,
  createPartner,
  sha256Hex,
  partnersCollection,
  tokensCollection,
  usePartnersApp,
} from './partners.test-support';

guardOutboundCalls();
usePartnersApp();

describe('partner accounts (admins only)', () => {
  it('refuses managers and customers with 403, and anonymous callers with 401', async () => {
    const id = partnerOne.id;
    const body = { name: 'X', allowedOrigins: [PORTAL], customerEmails: [] };
    for (const client of [manager, customer]) {
      const answers = [
        await client.get<Error_>(PARTNERS),
        await client.post<Error_>(PARTNERS, body),
        await client.put<Error_>(`${PARTNERS}/${id}`, body),
        await client.post<Error_>(`${PARTNERS}/${id}/key`),
        await client.delete<Error_>(`${PARTNERS}/${id}`),
      ];
      for (const answer of answers) {
        expect([answer.status, answer.body.code]).toEqual([403, 'forbidden']);
      }
    }
    expect((await app.asAnonymous().get(PARTNERS)).status).toBe(401);
    expect((await app.asAnonymous().post(PARTNERS, body)).status).toBe(401);
  });

  it('creates a partner and shows its key once; only a hash of it is stored', async () => {
    const created = await createPartner({
      name: '  Agency Dashboard ',
      allowedOrigins: [' https://portal.agency.test/ ', 'https://portal.agency.test'],
      customerEmails: [' Someone@Agency.test ', 'someone@agency.test'],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Agency Dashboard',
      allowedOrigins: ['https://portal.agency.test'],
      customerEmails: ['someone@agency.test'],
      apiKey: expect.stringMatching(/^osp_[A-Za-z0-9_-]{43}$/),
      keyPrefix: created.apiKey.slice(0, 12),
      keyCreatedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(created.keyPrefix).toMatch(/^osp_.{8}$/);

    const listed = (await admin.get<Partner[]>(PARTNERS)).body;
    const row = listed.find((partner) => partner.id === created.id);
    const { apiKey, ...withoutKey } = created;
    expect(row).toEqual(withoutKey);
    expect(JSON.stringify(listed)).not.toContain(apiKey);

    const stored = await partnersCollection().findOne({ name: 'Agency Dashboard' });
    expect(stored?.keyHash).toBe(sha256Hex(apiKey));
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    expect(JSON.stringify(stored)).not.toContain(apiKey.slice(12));
  });

  it('answers a wrong origin with the form’s message', async () => {
    const answer = await admin.post<Error_>(PARTNERS, {
      name: 'Bad',
      allowedOrigins: ['https://portal.example.com/settings'],
      customerEmails: [],
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      expect.objectContaining({
        code: 'validation_error',
        message: 'Enter an origin like https://portal.example.com (https, no path).',
      }),
    ]);
  });

  it('an update replaces the name, origins and customers; an unknown id is 404', async () => {
    const created = await createPartner({
      name: 'Before',
      allowedOrigins: ['https://before.test'],
      customerEmails: ['one@before.test'],
    });
    const updated = await admin.put<Partner>(`${PARTNERS}/${created.id}`, {
      name: 'After',
      allowedOrigins: ['https://after.test'],
      customerEmails: ['two@after.test'],
    });
    expect([updated.status, updated.body]).toEqual([
      200,
      {
        id: created.id,
        name: 'After',
        allowedOrigins: ['https://after.test'],
        customerEmails: ['two@after.test'],
        keyPrefix: created.keyPrefix,
        keyCreatedAt: created.keyCreatedAt,
        createdAt: created.createdAt,
      },
    ]);
    expect(updated.body).not.toHaveProperty('apiKey');
    const missing = await admin.put<Error_>(`${PARTNERS}/0123456789abcdef01234567`, {
      name: 'X',
      allowedOrigins: [PORTAL],
      customerEmails: [],
    });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'not_found', message: 'No such partner.' },
    ]);
  });

  it('rotating the key shows a new one once; the old key and its tokens stop working', async () => {
    const partner = await createPartner({
      name: 'Rotating',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A],
    });
    const oldToken = await tokenFor(partner, CUSTOMER_A);
    const rotated = await admin.post<PartnerWithKey>(`${PARTNERS}/${partner.id}/key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey).toMatch(/^osp_[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.apiKey).not.toBe(partner.apiKey);
    expect(rotated.body.keyPrefix).toBe(rotated.body.apiKey.slice(0, 12));
    expect(rotated.body.createdAt).toBe(partner.createdAt);
    expect((await partnersCollection().findOne({ name: 'Rotating' }))?.keyHash).toBe(
      sha256Hex(rotated.body.apiKey),
    );

    const withOldKey = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: CUSTOMER_A },
    });
    expect([withOldKey.status, withOldKey.body.code]).toEqual([401, 'partner_key_invalid']);
    const oldTokenAnswer = await send('GET', WEBHOOKS, { bearer: oldToken });
    expect([oldTokenAnswer.status, oldTokenAnswer.body]).toEqual([
      401,
      {
        code: 'embed_token_invalid',
        message: 'The embed token is not valid. Ask your server for a new one.',
      },
    ]);
    const newToken = await tokenFor(rotated.body, CUSTOMER_A);
    expect((await send('GET', WEBHOOKS, { bearer: newToken })).status).toBe(200);
    expect((await admin.post(`${PARTNERS}/0123456789abcdef01234567/key`)).status).toBe(404);
  });

  it('deleting a partner stops its key and its tokens', async () => {
    const partner = await createPartner({
      name: 'Leaving',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A],
    });
    const token = await tokenFor(partner, CUSTOMER_A);
    const deleted = await admin.delete(`${PARTNERS}/${partner.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { id: partner.id }]);
    const listed = (await admin.get<Partner[]>(PARTNERS)).body;
    expect(listed.map((row) => row.id)).not.toContain(partner.id);
    const keyAnswer = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: CUSTOMER_A },
    });
    expect(keyAnswer.status).toBe(401);
    const tokenAnswer = await send('GET', WEBHOOKS, { bearer: token });
    expect([tokenAnswer.status, tokenAnswer.body.code]).toEqual([401, 'embed_token_invalid']);
    expect((await admin.delete(`${PARTNERS}/${partner.id}`)).status).toBe(404);
  });
});

describe('the stored keys and tokens', () => {
  it('are found by their hashes, unique; tokens leave an hour after they expire', async () => {
    await partnerModel(app.db.connection).init();
    await embedTokenModel(app.db.connection).init();
    const partnerIndexes = await partnersCollection().indexes();
    expect(partnerIndexes).toContainEqual(
      expect.objectContaining({ key: { keyHash: 1 }, unique: true }),
    );
    expect(partnerIndexes).toContainEqual(expect.objectContaining({ key: { allowedOrigins: 1 } }));
    const tokenIndexes = await tokensCollection().indexes();
    expect(tokenIndexes).toContainEqual(
      expect.objectContaining({ key: { tokenHash: 1 }, unique: true }),
    );
    expect(tokenIndexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 3600 }),
    );
  });
});
