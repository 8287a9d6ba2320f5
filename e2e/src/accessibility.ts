import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// axe-core's browser build, injected into the page as a script (no browser download needed).
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

/**
 * Serious and critical WCAG 2.x A/AA violations on the page as it is now, as readable lines: the
 * rule, and per element its selector, its markup (styled-components' class names alone do
 * not say which element it is) and axe's summary of what is wrong. `within` (a CSS selector)
 * checks only that element and what it holds, its shadow root included: an embedded module, not
 * the partner's page around it.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations;
  }, within ?? null);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}):\n${violation.nodes
          .map(
            (node) => `  ${node.target.join(' ')}\n    ${snippet(node.html)}\n    ${summary(node)}`,
          )
          .join('\n')}`,
    );
}

function snippet(html: string): string {
  const flat = html.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
}

function summary(node: AxeViolation['nodes'][number]): string {
  return (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
}

/** Fails the journey when the current screen has a serious or critical accessibility violation. */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  expect(await seriousA11yViolations(page, within)).toEqual([]);
}
