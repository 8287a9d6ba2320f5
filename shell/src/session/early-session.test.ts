import { apiRoutes } from '@outsync/contracts';
import { currentUserPath, takeEarlySession } from './early-session';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  delete window.__outsyncEarly;
});

function sent() {
  const fetchMock = jest.fn().mockResolvedValue(Response.json({ sent: true }));
  global.fetch = fetchMock;
  return fetchMock;
}

test("is the route table's session check", () => {
  expect(currentUserPath).toBe(apiRoutes.me.path);
});

test('the first session check reads the early answer; a later one is sent', async () => {
  const fetchMock = sent();
  const early = Response.json({ early: true });
  window.__outsyncEarly = { session: Promise.resolve(early) };
  await expect(takeEarlySession(new Request(currentUserPath))).resolves.toBe(early);
  expect(fetchMock).not.toHaveBeenCalled();
  await takeEarlySession(new Request(currentUserPath));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('other calls are sent, and leave the early answer for the session check', async () => {
  const fetchMock = sent();
  const early = Response.json({ early: true });
  window.__outsyncEarly = { session: Promise.resolve(early) };
  await takeEarlySession(new Request('/api/admin/webhooks'));
  await takeEarlySession(new Request(currentUserPath, { method: 'POST' }));
  expect(fetchMock).toHaveBeenCalledTimes(2);
  await expect(takeEarlySession(new Request(currentUserPath))).resolves.toBe(early);
});

test('without an early answer (a public screen) the check is sent', async () => {
  const fetchMock = sent();
  await takeEarlySession(new Request(currentUserPath));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test("the call's abort ends the wait for the early answer", async () => {
  sent();
  window.__outsyncEarly = { session: new Promise<Response>(() => {}) };
  const controller = new AbortController();
  const answer = takeEarlySession(new Request(currentUserPath, { signal: controller.signal }));
  controller.abort(new DOMException('gone', 'AbortError'));
  await expect(answer).rejects.toThrow('gone');
});
