// Accessibility check of the page as it is now, with axe-core inside real Chromium. The page's CSP
// refuses injected scripts, so axe's source runs through DevTools (Runtime.evaluate is not subject to
// the page's CSP), once per page; `checkAccessibility` then returns the violations of the impacts asked.
//
//   const violations = await checkAccessibility(page);          // serious and critical
//   expect(violations).toEqual([]);
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One violation, short enough to read in a failed assertion. */
export interface Violation {
  readonly id: string;
  readonly impact: Impact | null;
  readonly help: string;
  /** CSS selectors of the offending nodes (the first few). */
  readonly targets: readonly string[];
}

async function ensureAxe(page: Page): Promise<void> {
  const present = await page.evaluate('typeof window.axe === "object"');
  if (present === true) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    const answer = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE, returnByValue: false });
    if (answer.exceptionDetails !== undefined) {
      throw new Error(`axe-core did not load: ${answer.exceptionDetails.text}`);
    }
  } finally {
    await cdp.detach();
  }
}

/** Runs axe on the whole document; violations with one of `impacts` (default serious and critical). */
export async function checkAccessibility(
  page: Page,
  impacts: readonly Impact[] = ['serious', 'critical'],
): Promise<Violation[]> {
  await ensureAxe(page);
  const raw = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  })()`)) as Violation[];
  return raw.filter((violation) => violation.impact !== null && impacts.includes(violation.impact));
}
