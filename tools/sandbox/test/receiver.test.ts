import { DEMO_RECEIVER_PATH } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

describe('webhook receiver', () => {
  it('records method, headers, JSON body and time, and answers 200 {ok: true}', async () => {
    const before = Date.now();
    const delivered = await sandbox.request('POST', DEMO_RECEIVER_PATH, {
      headers: { 'x-outsync-signature': 'sha256=abc' },
      body: { event: 'EMAIL_SENT', lead: { email: 'a@b.example' } },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ ok: true });
    const requests = await sandbox.request('GET', `${DEMO_RECEIVER_PATH}/requests`);
    expect(requests.body).toHaveLength(1);
    const [request] = requests.body as Array<Record<string, unknown>>;
    expect(request).toMatchObject({
      method: 'POST',
      path: DEMO_RECEIVER_PATH,
      body: { event: 'EMAIL_SENT', lead: { email: 'a@b.example' } },
      rawBody: '{"event":"EMAIL_SENT","lead":{"email":"a@b.example"}}',
      status: 200,
    });
    expect(at(request, 'headers', 'x-outsync-signature')).toBe('sha256=abc');
    expect(at(request, 'headers', 'content-type')).toBe('application/json');
    expect(Date.parse(String(at(request, 'receivedAt')))).toBeGreaterThanOrEqual(before - 1000);
    // Receivers are independent by name.
    expect((await sandbox.request('GET', '/receiver/other/requests')).body).toEqual([]);
  });

  it('answers the status its mode sets, to test failing endpoints, and recovers', async () => {
    const mode = await sandbox.request('POST', '/_sandbox/receiver/flaky/mode', {
      body: { status: 500 },
    });
    expect(mode.body).toEqual({ name: 'flaky', status: 500, delayMs: 0 });
    const failed = await sandbox.request('POST', '/receiver/flaky', { body: { n: 1 } });
    expect(failed.status).toBe(500);
    expect(at(failed.body, 'ok')).toBe(false);
    await sandbox.request('POST', '/_sandbox/receiver/flaky/mode', { body: { status: 410 } });
    expect((await sandbox.request('PUT', '/receiver/flaky', { body: { n: 2 } })).status).toBe(410);
    await sandbox.request('POST', '/_sandbox/receiver/flaky/mode', { body: { status: 200 } });
    expect((await sandbox.request('POST', '/receiver/flaky', { body: { n: 3 } })).status).toBe(200);
    const requests = (await sandbox.request('GET', '/receiver/flaky/requests')).body as Array<{
      method: string;
      status: number;
      body: { n: number };
    }>;
    expect(requests.map((request) => [request.method, request.status, request.body.n])).toEqual([
      ['POST', 500, 1],
      ['PUT', 410, 2],
      ['POST', 200, 3],
    ]);
    expect(
      (await sandbox.request('POST', '/_sandbox/receiver/flaky/mode', { body: { status: 99 } }))
        .status,
    ).toBe(400);

    const page = await sandbox.request('GET', '/inspect/receivers');
    expect(String(page.body)).toContain('flaky — answers 200');
    expect(String(page.body)).toContain('{&quot;n&quot;:3}');
    const listed = await sandbox.request('GET', '/_sandbox/receivers');
    expect(at(listed.body, 0)).toMatchObject({ name: 'flaky', requests: 3 });

    expect((await sandbox.request('DELETE', '/receiver/flaky/requests')).status).toBe(204);
    expect((await sandbox.request('GET', '/receiver/flaky/requests')).body).toEqual([]);
    await sandbox.request('POST', '/_seed');
    expect((await sandbox.request('GET', '/_sandbox/receivers')).body).toEqual([]);
  });

  it('receives the event generator’s webhooks', async () => {
    const report = await sandbox.request('POST', '/simulate/campaign', {
      body: {
        webhookUrl: `${sandbox.url}${DEMO_RECEIVER_PATH}`,
        platform: 'instantly',
        leads: 2,
        events: 4,
        ratePerSecond: 0,
      },
    });
    expect(at(report.body, 'accepted')).toBe(4);
    const requests = (await sandbox.request('GET', `${DEMO_RECEIVER_PATH}/requests`))
      .body as Array<{
      body: { event_type: string };
    }>;
    expect(requests).toHaveLength(4);
    expect(requests[0]?.body.event_type).toBe('email_sent');
  });
});
