// Every e2e file gets a product instance on free ports, so it never collides with `npm start`.
// E2E_BASE_URL points the journeys that need no control over the processes at a running one.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/repo-root.ts';
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

/** The whole page; `fullPage: false` keeps the viewport (a dialog over a long page). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage });
}
