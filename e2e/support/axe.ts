/**
 * Accessibility checks with axe-core in the page under test. axe-core comes with lighthouse (a
 * dev dependency): it is resolved from there, so a change in how npm lays out node_modules does
 * not lose it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const AXE_SOURCE = readFileSync(fromLighthouse.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * The serious and critical violations axe finds in `selector` (the whole document by default),
 * each as "rule: help — target html…", for an expect(…).toEqual([]) that names them when it fails.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  // A popover or dialog still fading in is read at its passing opacity (low contrast): wait for
  // finite transitions and animations to end first (spinners run forever and are left alone).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return result.violations;
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}
