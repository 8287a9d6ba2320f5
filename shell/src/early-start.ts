/**
 * What index.html's inline script started before any of the shell's code arrived (the root
 * rspack.config.ts writes it: `earlyStartScript`). On a slow CPU main.js and the shared modules
 * take a second or more to download and run; these requests travel meanwhile instead of after.
 * Each answer is taken once, by the code that would otherwise have asked for it.
 */
export interface EarlyStart {
  /** GET /api/admin/me, only on a dashboard address (the layout checks the session there). */
  session?: Promise<Response>;
  /** GET /remotes.json. */
  remotes?: Promise<Response>;
  /**
   * The opened screen's remote manifest, once /remotes.json named its URL (undefined when it did
   * not). Only the manifest: the release check (release-check-plugin.ts) reads it before any of
   * the remote's code is fetched.
   */
  manifest?: Promise<{ url: string; response: Promise<Response> } | undefined>;
}

declare global {
  interface Window {
    /** The inline script's name for it; rspack.config.ts uses the same. */
    __outsyncEarly?: EarlyStart;
  }
}

/** Takes one early request (undefined when it was not made, or was taken already). */
export function takeEarly<K extends keyof EarlyStart>(key: K): EarlyStart[K] {
  const early = window.__outsyncEarly;
  const value = early?.[key];
  if (early) delete early[key];
  return value;
}

/** The early answer for `url`, when it is the opened screen's remote manifest (taken once). */
export async function takeEarlyManifest(url: string): Promise<Response | undefined> {
  const pending = window.__outsyncEarly?.manifest;
  if (!pending) return undefined;
  const early = await pending.catch(() => undefined);
  if (early?.url !== url || window.__outsyncEarly?.manifest !== pending) return undefined;
  takeEarly('manifest');
  return early.response;
}
