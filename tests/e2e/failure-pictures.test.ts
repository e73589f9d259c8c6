// The harness's record of a failed test (saveFailure, called by appUnderTest's afterEach when a test
// fails): a real Chromium page's picture and text land under test-results/e2e, named after the test,
// and a closed page saves nothing yet throws nothing (the failure being reported stays the one shown).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';
import { saveFailure, SCREENSHOTS } from './support/page-helpers.js';

let chromium: ChromiumSession;
beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium.close();
});

describe('the page saved when an end-to-end test fails', () => {
  it('is a PNG and the page’s text, named after the test, and nothing when the page is gone', async () => {
    await chromium.page.setContent('<h1>Count next</h1><p>นับต่อไป: 3 products waiting</p>');
    const saved = await saveFailure(chromium.page, 'harness / a wait › timed out');
    expect(saved.map((file) => file.slice(SCREENSHOTS.length + 1))).toEqual([
      'failed-harness-a-wait-timed-out.png',
      'failed-harness-a-wait-timed-out.txt',
    ]);
    const [picture = '', text = ''] = saved;
    // A PNG starts with its signature.
    expect(readFileSync(picture).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(readFileSync(text, 'utf8')).toMatch(/^about:blank\n\nCount next\n+นับต่อไป: 3 products waiting/);
    for (const file of saved) rmSync(file);

    const page = await chromium.context.newPage();
    await page.close();
    expect(await saveFailure(page, 'closed page')).toEqual([]);
    expect(existsSync(`${SCREENSHOTS}/failed-closed-page.png`)).toBe(false);
  });
});
