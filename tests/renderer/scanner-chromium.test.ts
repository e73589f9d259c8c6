// The scanner wiring in real Chromium: keys sent through the DevTools protocol as a keyboard sends
// them (a Thai layout's `key` and `text` with the US `code`), into a page with a focused text field.
// A scan must not type into the field and must be rebuilt from `code`; a person's typing must land.
// The key interval is 100 ms here so a loaded test machine cannot split the scan; the person waits 300.
import { build } from 'esbuild';
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ScannerDom from '../../src-renderer/lib/scanner-dom.js';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';

interface Key {
  key: string;
  code: string;
  keyCode: number;
}

const THAI_DIGITS: Record<string, string> = {
  '1': 'ๅ', '2': '/', '3': '-', '4': 'ภ', '5': 'ถ', '6': 'ุ', '7': 'ึ', '8': 'ค', '9': 'ต', '0': 'จ',
}; // prettier-ignore

let chromium: ChromiumSession;

/** One DevTools session for every key, so a scan's keys follow each other within a few ms. */
let cdp: CDPSession;

async function press(key: Key): Promise<void> {
  const text = key.key.length === 1 ? key.key : key.key === 'Enter' ? '\r' : '';
  const base = { key: key.key, code: key.code, windowsVirtualKeyCode: key.keyCode };
  await cdp.send('Input.dispatchKeyEvent', { type: text === '' ? 'rawKeyDown' : 'keyDown', text, ...base });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
}

const digit = (d: string, thai: boolean): Key => ({
  key: thai ? (THAI_DIGITS[d] ?? d) : d,
  code: `Digit${d}`,
  keyCode: 48 + Number(d),
});
const ENTER: Key = { key: 'Enter', code: 'Enter', keyCode: 13 };

beforeAll(async () => {
  const bundle = await build({
    entryPoints: ['src-renderer/lib/scanner-dom.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'StockroomScanner',
  });
  chromium = await launchChromium();
  cdp = await chromium.context.newCDPSession(chromium.page);
  await chromium.page.setContent('<form id="form"><input id="field" autocomplete="off"></form>');
  await chromium.page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  await chromium.page.evaluate(() => {
    const w = window as unknown as Record<string, unknown> & {
      StockroomScanner: typeof ScannerDom;
    };
    const scans: string[] = [];
    const submits: number[] = [];
    w['scans'] = scans;
    w['submits'] = submits;
    document.getElementById('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      submits.push(1);
    });
    const settings = {
      maxKeyIntervalMs: 100,
      minLength: 4,
      prefix: '',
      suffix: '',
      terminator: 'Enter' as const,
    };
    w.StockroomScanner.listenForScans(window, { ...settings, repeatWarningMs: 1500 }, (code) => {
      scans.push(code);
    });
    document.getElementById('field')?.focus();
  });
}, 60_000);

afterAll(async () => {
  await chromium?.close();
});

const state = () =>
  chromium.page.evaluate(() => {
    const w = window as unknown as Record<string, string[]>;
    const field = document.getElementById('field') as HTMLInputElement;
    return { value: field.value, scans: [...(w['scans'] ?? [])], submits: w['submits']?.length ?? 0 };
  });

describe('scanner in Chromium', () => {
  it('takes a Thai-layout scan out of the focused field, rebuilt from code', async () => {
    for (const d of '8851234567892') await press(digit(d, true));
    await press(ENTER);
    await chromium.page.waitForTimeout(300);
    expect(await state()).toEqual({ value: '', scans: ['8851234567892'], submits: 0 });
  });

  it("lets a person's slow typing into the field, Thai as typed, and Enter submit the form", async () => {
    for (const d of '12') {
      await press(digit(d, true));
      await chromium.page.waitForTimeout(300);
    }
    await press(digit('3', false));
    await chromium.page.waitForTimeout(300);
    await press(ENTER);
    expect(await state()).toEqual({ value: 'ๅ/3', scans: ['8851234567892'], submits: 1 });
    expect(chromium.problems).toEqual([]);
  });
});
