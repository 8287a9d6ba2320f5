// Partners (issue 15; set-up in partners.test-support.ts): CORS for the embedded module, on its
// routes and no others.
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  PARTNERS,
  WEBHOOKS,
  PORTAL,
  LOCAL_PORTAL,
  OTHER_PARTNERS_PORTAL,
  STRANGER,
  webhookA,
  send,
  usePartnersApp,
} from './partners.test-support';

guardOutboundCalls();
usePartnersApp();

describe('CORS for the embedded module', () => {
  const preflight = (path: string, origin: string, method: string) =>
    send('OPTIONS', path, {
      origin,
      headers: {
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it("answers a partner origin's preflight on the webhook routes", async () => {
    for (const [path, method] of [
      [WEBHOOKS, 'GET'],
      [`${WEBHOOKS}/${webhookA._id.toString()}`, 'PUT'],
      [`${WEBHOOKS}/${webhookA._id.toString()}`, 'DELETE'],
      ['/api/admin/organizations/integrations', 'GET'],
      // The live view's stream (issue 34, item 1), which reconnects with its Last-Event-ID.
      [`${WEBHOOKS}/${webhookA._id.toString()}/live`, 'GET'],
    ] as const) {
      const answer = await preflight(path, OTHER_PARTNERS_PORTAL, method);
      expect(answer.status).toBe(204);
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'access-control-allow-origin': OTHER_PARTNERS_PORTAL,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Last-Event-ID',
        'access-control-max-age': '600',
        vary: expect.stringContaining('Origin'),
      });
    }
  });

  it('gives any other origin no CORS header', async () => {
    const answer = await preflight(WEBHOOKS, STRANGER, 'GET');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
    expect(answer.headers.get('vary')).toContain('Origin');
    const actual = await send('GET', WEBHOOKS, { origin: STRANGER });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens no route outside the embedded module to a partner origin', async () => {
    for (const [path, method] of [
      ['/api/admin/dashboard/users', 'GET'],
      ['/api/admin/me', 'GET'],
      [PARTNERS, 'POST'],
      ['/auth/logout', 'DELETE'],
    ] as const) {
      const answer = await preflight(path, PORTAL, method);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    }
    const actual = await send('GET', '/api/admin/me', { origin: PORTAL });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a partner page read the Send Test Webhook answer', async () => {
    const path = '/webhooks/test/no-such-code';
    const answer = await preflight(path, LOCAL_PORTAL, 'POST');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LOCAL_PORTAL);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    const sent = await send('POST', path, { origin: LOCAL_PORTAL, body: { event: 'x' } });
    expect(sent.status).toBe(404);
    expect(sent.headers.get('access-control-allow-origin')).toBe(LOCAL_PORTAL);
    const stranger = await send('POST', path, { origin: STRANGER, body: { event: 'x' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});
