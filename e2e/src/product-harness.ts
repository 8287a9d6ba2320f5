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
  return startProduct({ inMemoryDatabase: true, ...options, env: { ...env, ...options.env } });
}

/** The shell URL of the instance the journeys run against. */
export function externalBaseUrl(): string | undefined {
  return process.env.E2E_BASE_URL?.replace(/\/+$/, '');
}

/** The sandbox of the instance named by E2E_BASE_URL (its mailbox holds the sign-in codes). */
export function externalSandboxUrl(): string {
  return (process.env.E2E_SANDBOX_URL ?? 'http://localhost:4100').replace(/\/+$/, '');
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
