/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and returns its violations as `rule: targets` lines. The
 * source is injected through the DevTools protocol (not a <script>), so a CSP
 * without unsafe-inline does not stop it; it is injected once per loaded page.
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const options: RunOptions = { resultTypes: ['violations'], ...(rules && { runOnly: [...rules] }) };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(runOptions),
    options,
  );
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The page's axe violations in light and dark, and whether it fits 360 px: the checks of pages.test.ts. */
export async function pageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    problems.push(...(await axeViolations(page, colorScheme === 'dark' ? ['color-contrast'] : undefined)));
  }
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`wider than 360 px by ${overflow} px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}
