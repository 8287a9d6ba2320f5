// The inline script at the top of the shell's index.html (rspack.config.ts puts it there). It runs
// as soon as the HTML is parsed, long before main.js and the shared modules have downloaded and
// run (a second or more on a slow CPU), and starts what the opened screen waits for: the session
// check, /remotes.json, and the screen's remote manifest. The shell takes each answer instead of
// asking again (shell/src/early-start.ts says how). No code of a remote is fetched here: the
// release check reads the manifest first, and a refused release's code is never downloaded.
// Read by build configs: it imports only the catalog file, which is free of other packages.
import { routeCatalog, routeList, shellPaths } from '../contracts/src/catalog/routes.ts';

/** `apiRoutes.me`'s path (the shell's session check; early-start-script.test.ts compares them). */
export const currentUserPath = '/api/admin/me';

/** The window property the script fills (shell/src/early-start.ts reads it). */
export const earlyStartGlobal = '__outsyncEarly';

/** The script's text: plain JS the shell's browsers run as it is. */
export function earlyStartScript(): string {
  // Path → the federation name of the remote that serves each catalog screen.
  const screens = Object.fromEntries(routeList.map((route) => [route.path, route.federationName]));
  return `(() => {
  const early = (window.${earlyStartGlobal} = {});
  const quiet = (promise) => (promise.catch(() => {}), promise);
  const raw = location.pathname;
  const path = raw.length > 1 ? raw.replace(/\\/+$/, '') : raw;
  const dashboard = ${JSON.stringify(shellPaths.dashboard)};
  if (path === dashboard || path.startsWith(dashboard + '/')) {
    early.session = quiet(fetch(${JSON.stringify(currentUserPath)}, { headers: { accept: 'application/json' } }));
  }
  early.remotes = quiet(fetch('/remotes.json', { cache: 'no-store' }));
  const screens = ${JSON.stringify(screens)};
  const remote = screens[path === dashboard ? ${JSON.stringify(routeCatalog['webhook-view'].path)} : path];
  if (!remote) return;
  early.manifest = quiet(
    early.remotes
      .then((answer) => (answer.ok ? answer.clone().json() : {}))
      .then((remotes) => {
        const url = remotes && remotes[remote];
        return typeof url === 'string' ? { url, response: quiet(fetch(url)) } : undefined;
      }),
  );
})();`;
}
