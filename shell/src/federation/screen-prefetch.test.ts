import { getPageQueryClient } from '@outsync/app-runtime';
import {
  type routeCatalog,
  routeList,
  type ApiClient,
  type CatalogRoute,
} from '@outsync/contracts';
import { prefetchOpenedScreen } from './screen-prefetch';

const client = {} as ApiClient;
const route = (name: keyof typeof routeCatalog): CatalogRoute => {
  const found = routeList.find((each) => each.name === name);
  if (!found) throw new Error(name);
  return found;
};

afterEach(() => {
  delete window.__outsyncEarly;
});

function earlySession(status: number, body: object) {
  window.__outsyncEarly = { session: Promise.resolve(Response.json(body, { status })) };
}

test("starts the module's data once the session check answered for a signed-in user", async () => {
  earlySession(200, { email: 'a@b.c', isManagerOrAdmin: false });
  const prefetch = jest.fn();
  await prefetchOpenedScreen(route('webhook-view'), Promise.resolve({ prefetch }), client);
  expect(prefetch).toHaveBeenCalledWith(client, getPageQueryClient());
});

test('leaves the early answer whole for the client that takes it', async () => {
  earlySession(200, { isManagerOrAdmin: true });
  const answer = window.__outsyncEarly?.session;
  await prefetchOpenedScreen(route('webhook-view'), Promise.resolve({}), client);
  await expect((await answer)?.json()).resolves.toEqual({ isManagerOrAdmin: true });
});

test('asks for nothing for a signed-out visitor', async () => {
  earlySession(401, { code: 'unauthorized' });
  const prefetch = jest.fn();
  await prefetchOpenedScreen(route('webhook-view'), Promise.resolve({ prefetch }), client);
  expect(prefetch).not.toHaveBeenCalled();
});

test('asks for nothing without an early session check', async () => {
  const prefetch = jest.fn();
  await prefetchOpenedScreen(route('webhook-view'), Promise.resolve({ prefetch }), client);
  expect(prefetch).not.toHaveBeenCalled();
});

test("asks for nothing on a screen the user's role may not open", async () => {
  const staffOnly = routeList.find((each) => each.access === 'manager-or-admin');
  if (!staffOnly) throw new Error('no staff-only screen in the catalog');
  earlySession(200, { isManagerOrAdmin: false });
  const prefetch = jest.fn();
  await prefetchOpenedScreen(staffOnly, Promise.resolve({ prefetch }), client);
  expect(prefetch).not.toHaveBeenCalled();
});

test('a failed module load, or a module without prefetch, changes nothing', async () => {
  earlySession(200, { isManagerOrAdmin: true });
  await expect(
    prefetchOpenedScreen(route('webhook-view'), Promise.reject(new Error('down')), client),
  ).resolves.toBeUndefined();
  earlySession(200, { isManagerOrAdmin: true });
  await expect(
    prefetchOpenedScreen(route('webhook-view'), Promise.resolve({ default: 'page' }), client),
  ).resolves.toBeUndefined();
});
