import { getPageQueryClient, type PrefetchScreen } from '@outsync/app-runtime';
import { mayOpenRoute, type ApiClient, type CatalogRoute } from '@outsync/contracts';
import { earlySignedInUser } from '../session/early-session';

/**
 * Starts the opened screen's data as soon as its module is in and the early session check has
 * answered for a user who may open it, through the module's `prefetch` (app-runtime's
 * `PrefetchScreen`), instead of when the page first renders after the layout. A signed-out
 * visitor, or one whose role may not open the screen, gets no call beyond the session check; a
 * module without `prefetch`, or a failed load, changes nothing (the page loads its data itself).
 */
export async function prefetchOpenedScreen(
  route: CatalogRoute,
  load: Promise<unknown>,
  client: ApiClient,
): Promise<void> {
  const [user, module] = await Promise.all([earlySignedInUser(), load.catch(() => undefined)]);
  if (!user || !mayOpenRoute(route.access, user)) return;
  const prefetch = prefetchOf(module);
  if (!prefetch) return;
  try {
    prefetch(client, getPageQueryClient());
  } catch (error) {
    console.error(`[outsync] ${route.federationName}/${route.expose} prefetch failed`, error);
  }
}

function prefetchOf(module: unknown): PrefetchScreen | undefined {
  if (typeof module !== 'object' || module === null || !('prefetch' in module)) return undefined;
  return typeof module.prefetch === 'function' ? (module.prefetch as PrefetchScreen) : undefined;
}
