// The scanner wiring in real Chromium: keys sent through the DevTools protocol as a keyboard sends
// them (a Thai layout's `key` and `text` with the US `code`), into a page with a focused text field.
// A scan must not type into the field and must be rebuilt from `code`; a person's typing must land.
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

/** One DevTools session for every key. */
let cdp: CDPSession;
/** Keys carry explicit timestamps (ms on from here), so a loaded test machine cannot change the gaps. */
let epochMs = 0;

async function press(key: Key, atMs: number): Promise<void> {
  const text = key.key.length === 1 ? key.key : key.key === 'Enter' ? '\r' : '';
  const base = {
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    timestamp: (epochMs + atMs) / 1000,
  };
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
  epochMs = Date.now();
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
      maxKeyIntervalMs: 35,
      minLength: 4,
      prefix: '',
      suffix: '',
      terminator: 'Enter' as const,
    };
    const stamps: number[] = [];
    w['stamps'] = stamps;
    window.addEventListener('keydown', (event) => stamps.push(event.timeStamp), true);
    // The quiet timer is pushed out of the way: the explicit key timestamps decide alone.
    w.StockroomScanner.listenForScans(
      window,
      { ...settings, repeatWarningMs: 1500 },
      (code) => void scans.push(code),
      { idleSlackMs: 60_000 },
    );
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

const stampGaps = () =>
  chromium.page.evaluate(() => {
    const stamps = (window as unknown as Record<string, number[]>)['stamps'] ?? [];
    return stamps.slice(1).map((stamp, i) => Math.round(stamp - (stamps[i] ?? 0)));
  });

describe('scanner in Chromium', () => {
  it('takes a Thai-layout scan out of the focused field, rebuilt from code', async () => {
    const ean = '8851234567892';
    for (const [i, d] of [...ean].entries()) await press(digit(d, true), 1000 + i * 12);
    await press(ENTER, 1000 + ean.length * 12);
    expect(await state()).toEqual({ value: '', scans: [ean], submits: 0 });
    expect(await stampGaps()).toEqual(Array<number>(ean.length).fill(12));
  });

  it("lets a person's slow typing into the field, Thai as typed, and Enter submit the form", async () => {
    await press(digit('1', true), 3000);
    await press(digit('2', true), 3200);
    await press(digit('3', false), 3400);
    await press(ENTER, 3600);
    expect(await state()).toEqual({ value: 'ๅ/3', scans: ['8851234567892'], submits: 1 });
    expect(chromium.problems).toEqual([]);
  });
});
