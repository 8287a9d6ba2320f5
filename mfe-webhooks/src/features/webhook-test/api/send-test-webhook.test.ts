// Who a test event is sent as (issue 30, item 6): the service checks the caller may change the
// webhook and audits the test, so the call carries the session cookie on our dashboard and the
// embed token in a partner's page.
import { createEmbedApiClient } from '../../../embed/embed-api-client';
import { sendTestWebhook } from './send-test-webhook';

const webhookUrl = 'https://outsync.test/webhooks/abc123';

function fakeReceiver() {
  const requests: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push(new Request(input, init));
    return Response.json({ success: true, errors: [] });
  });
  return requests;
}

afterEach(() => jest.restoreAllMocks());

test("on the dashboard it goes to the test address with the page's own cookies, no bearer", async () => {
  const requests = fakeReceiver();
  await sendTestWebhook({ webhookUrl, payload: { event_type: 'EMAIL_SENT' } });
  expect(requests.map((request) => [request.url, request.credentials])).toEqual([
    ['https://outsync.test/webhooks/test/abc123', 'same-origin'],
  ]);
  expect(requests[0]?.headers.get('Authorization')).toBeNull();
});

test('embedded, it carries the current embed token and never cookies', async () => {
  const requests = fakeReceiver();
  const session = createEmbedApiClient({
    apiBaseUrl: 'https://outsync.test',
    token: 'oset_first',
    getToken: jest.fn(),
  });
  const delivery = { credentials: 'omit' as const, authorization: session.authorization };
  await sendTestWebhook({ webhookUrl, payload: {}, delivery });
  session.setToken('oset_renewed');
  await sendTestWebhook({ webhookUrl, payload: {}, delivery });
  expect(
    requests.map((request) => [request.credentials, request.headers.get('Authorization')]),
  ).toEqual([
    ['omit', 'Bearer oset_first'],
    ['omit', 'Bearer oset_renewed'],
  ]);
});
