// Every e2e file gets a product instance on free ports, so it never collides with `npm start`.
// E2E_BASE_URL points the journeys that need no control over the processes at a running one.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium.ts';
import { repoRoot } from '../../scripts/repo-root.ts';
import { signInThroughApi } from '../../scripts/sign-in.ts';
import {
  freePortsEnv,
  startProduct,
  type ProductOptions,
  type RunningProduct,
} from '../../scripts/product.ts';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

export async function startTestProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  const env = await freePortsEnv();
  // Journeys start from an empty workspace (the demo set-up would also spend one of the demo
  // admin's hourly sign-in codes); a journey that wants it passes demoWorkspace: true.
  return startProduct({
    inMemoryDatabase: true,
    demoWorkspace: false,
    ...options,
    env: { ...env, ...options.env },
  });
}

/** The instance a file's journeys run against: the one E2E_BASE_URL names, or a new one. */
export interface JourneyTarget {
  baseUrl: string;
  /** Its sandbox (the mailbox holds the sign-in codes). */
  sandboxUrl: string;
  /** Set when the instance is ours (ports, processes). */
  product: RunningProduct | undefined;
  stop(): Promise<void>;
}

export async function journeyTarget(): Promise<JourneyTarget> {
  const external = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
  if (external) {
    const sandboxUrl = (process.env.E2E_SANDBOX_URL ?? 'http://localhost:4100').replace(/\/+$/, '');
    return { baseUrl: external, sandboxUrl, product: undefined, stop: async () => {} };
  }
  const product = await startTestProduct();
  return {
    baseUrl: product.shellUrl,
    sandboxUrl: product.sandboxUrl ?? '',
    product,
    stop: () => product.stop(),
  };
}

/**
 * One browser per user, each signed in (its own cookies) through the sign-in API, keyed as the
 * journey names its users: `{ admin: DEMO_ADMIN_EMAIL, customer: … }`. A new e-mail is a new
 * user of the workspace once signed in.
 */
export async function signedInBrowsers<Key extends string>(
  product: RunningProduct,
  users: Record<Key, string>,
): Promise<Record<Key, Browser>> {
  const entries = Object.entries(users) as [Key, string][];
  const launched = await Promise.all(entries.map(() => launchBrowser()));
  const browsers = {} as Record<Key, Browser>;
  try {
    for (const [index, [key, email]] of entries.entries()) {
      const browser = launched[index] as Browser;
      browsers[key] = browser;
      // One after the other: each spends a sign-in code of the sandbox's mailbox.
      await signInThroughApi(browser.context, {
        baseUrl: product.shellUrl,
        sandboxUrl: product.sandboxUrl ?? '',
        email,
      });
    }
  } catch (error) {
    await closeBrowsers(launched);
    throw error;
  }
  return browsers;
}

/** Closes the browsers a journey launched (any not launched are skipped). */
export async function closeBrowsers(browsers: Iterable<Browser | undefined>): Promise<void> {
  await Promise.all([...browsers].map((browser) => browser?.close()));
}

/** The id of the signed-in user's first profile of that CRM (its integrations, as listed). */
export async function ownProfileId(
  baseUrl: string,
  request: APIRequestContext,
  crm: 'HUBSPOT' | 'SALESFORCE',
): Promise<string> {
  const response = await request.get(`${baseUrl}/api/admin/users/integrations`, { maxRetries: 1 });
  if (!response.ok()) throw new Error(`the integrations answered ${response.status()}`);
  const integrations = (await response.json()) as { user: { id: string; profile: string } }[];
  const found = integrations.find((item) => item.user.profile === crm)?.user.id;
  if (!found) throw new Error(`the signed-in user has no ${crm} profile`);
  return found;
}

/** The whole page; `fullPage: false` keeps the viewport (a dialog over a long page). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage });
}
