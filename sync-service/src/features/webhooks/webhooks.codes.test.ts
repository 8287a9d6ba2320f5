// Webhooks end to end (set-up in webhooks.test-support.ts): generating a webhook's code, and the
// codes a create accepts.
import { guardOutboundCalls } from '../../testing/nock-guard';
import { webhookModel } from './webhooks.service';
import {
  WEBHOOKS,
  type Error_,
  app,
  owner,
  useWebhooksApp,
  generate,
  hubspotBody,
  create,
  created,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

describe('generating a code', () => {
  it('answers a plain-text code of 46 URL-safe characters and stores nothing', async () => {
    const before = await webhookModel(app.db.connection).countDocuments();
    const answer = await owner.post<string>(`${WEBHOOKS}/generate`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.body).toMatch(/^[A-Za-z0-9_-]{46}$/);
    expect(await webhookModel(app.db.connection).countDocuments()).toBe(before);
  });

  it('answers a different code every time', async () => {
    const codes = await Promise.all(Array.from({ length: 100 }, () => generate()));
    expect(new Set(codes).size).toBe(100);
  });

  it('needs a session', async () => {
    const answer = await app.asAnonymous().post<Error_>(`${WEBHOOKS}/generate`);
    expect(answer.status).toBe(401);
  });

  it('refuses a code generated for another user with 409', async () => {
    const someone = await app.signIn({ email: 'someone-else@customer.test' });
    const answer = await create(await hubspotBody({ code: await generate(someone) }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'code_unavailable',
      message: 'This webhook URL was not generated for you. Generate a new one.',
    });
  });

  it('refuses a hand-made code with 409', async () => {
    const answer = await create(
      await hubspotBody({ code: 'my-own-memorable-webhook-code-0123456789' }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This webhook URL was not generated for you. Generate a new one.',
    );
  });

  it('refuses the same code twice with 409', async () => {
    const body = await hubspotBody();
    await created(body);
    const again = await create({ ...body, emailService: 'instantly' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'code_unavailable',
      message: 'This webhook URL is already in use. Generate a new one.',
    });
  });

  it('lets one of two simultaneous creates with one code through', async () => {
    const body = await hubspotBody();
    const answers = await Promise.all([create(body), create(body), create(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(
      await webhookModel(app.db.connection).countDocuments({ code: body.code as string }),
    ).toBe(1);
  });

  it('refuses a code that is not one (schema) with 400', async () => {
    const answer = await create(await hubspotBody({ code: 'short' }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });
});
