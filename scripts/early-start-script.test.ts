import vm from 'node:vm';
import { apiRoutes } from '@outsync/contracts';
import { currentUserPath, earlyStartScript } from './early-start-script.ts';

/** Runs the script as a page at `path` would, with `answers` for its fetches. */
async function runAt(path: string, answers: Record<string, unknown>) {
  const fetched: string[] = [];
  const links: { rel: string; as: string; href: string }[] = [];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    location: new URL(`http://localhost:3000${path}`),
    URL,
    fetch: async (url: string) => {
      fetched.push(url);
      return url in answers ? Response.json(answers[url]) : new Response('', { status: 404 });
    },
    document: {
      createElement: () => ({ rel: '', as: '', href: '' }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
  };
  vm.runInNewContext(earlyStartScript(), context);
  const early = window['__outsyncEarly'] as { manifest?: Promise<unknown> };
  await early.manifest;
  // The preloads follow the manifest's answer.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { fetched, links, early };
}

const manifestUrl = 'http://localhost:3002/mf-manifest.json';
const remoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'WebhooksPage',
      assets: { js: { sync: ['expose.1234abcd.js', 'screen.5678abcd.js'] } },
    },
    { name: 'mount', assets: { js: { sync: ['mount.1234abcd.js'] } } },
  ],
};

test("names the route table's session check", () => {
  expect(currentUserPath).toBe(apiRoutes.me.path);
});

test("on a dashboard screen: the session, /remotes.json and the screen's remote manifest, no code", async () => {
  const { fetched, links, early } = await runAt('/admin/dashboard/webhooks/', {
    '/remotes.json': { outsync_webhooks: manifestUrl },
    [manifestUrl]: remoteManifest,
  });
  expect(fetched).toEqual([currentUserPath, '/remotes.json', manifestUrl]);
  // The release check reads the manifest before any of the remote's code is fetched.
  expect(links).toEqual([]);
  await expect(early.manifest).resolves.toEqual({
    url: manifestUrl,
    response: expect.any(Promise),
  });
});

test('the dashboard itself opens on the Webhooks screen', async () => {
  const { fetched } = await runAt('/admin/dashboard', {
    '/remotes.json': { outsync_webhooks: manifestUrl },
    [manifestUrl]: remoteManifest,
  });
  expect(fetched).toContain(manifestUrl);
});

test('a public screen sends no session check', async () => {
  const { fetched } = await runAt('/', { '/remotes.json': {} });
  expect(fetched).toEqual(['/remotes.json']);
});

test('a remote /remotes.json does not list: nothing more is fetched, nothing breaks', async () => {
  const { fetched, links, early } = await runAt('/admin/dashboard/webhooks', {
    '/remotes.json': { outsync_history: 'http://localhost:3004/mf-manifest.json' },
  });
  expect(fetched).toEqual([currentUserPath, '/remotes.json']);
  expect(links).toEqual([]);
  await expect(early.manifest).resolves.toBeUndefined();
});

test('an unknown address preloads nothing', async () => {
  const { fetched } = await runAt('/admin/dashboard/nowhere', { '/remotes.json': {} });
  expect(fetched).toEqual([currentUserPath, '/remotes.json']);
});
