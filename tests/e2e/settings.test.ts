// The settings page in real Chromium through the web host: the real build and app services on a fresh
// user-data folder, the demo store. The scanner test pad runs the real detector on the settings being
// edited (before they are saved): a fast burst is a scan, a Thai layout's keys still give the digits, slow
// typing is typing "too slow", a prefix and suffix are stripped, a too-short burst is "too short", Enter
// is "no terminator" once Tab ends scans. Every setting is changed, saved with Ctrl+S and read back
// through settings.get and after a reload; a refused value names its field and keeps what was typed; Esc
// undoes; the language turns the whole frame Thai and back; this PC's name (the live count's) is the
// host name until saved, refused with its reason in the page's language (the text kept), Enter saves.
// axe on each state, screenshots en + th.
import { hostname } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../src-shared/ipc/index.js';
import {
  scanCode,
  scanCodeEndingWithTab,
  scanCodeWithThaiLayout,
  THAI_DIGIT_KEYS,
} from '../support/scanner-input.js';
import { appUnderTest } from './support/app-under-test.js';
import { expectAccessible } from './support/page-helpers.js';

const CODE = '4006381333931';

const app = appUnderTest({ name: 'settings' });

beforeAll(() => {
  // A missing element fails with its locator well inside the test's own timeout.
  app.page.setDefaultTimeout(10_000);
});

const savedSettings = (): Promise<AppSettings> => app.call('settings.get', {});

const focusedId = () => app.page.evaluate('document.activeElement?.id ?? ""') as Promise<string>;
const htmlLang = () => app.page.evaluate('document.documentElement.lang') as Promise<string>;

/** A keyboard-wedge scan (timestamps a scanner gives, through DevTools), ended by Enter or Tab. */
function scan(code: string, terminator: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
  return terminator === 'Tab' ? scanCodeEndingWithTab(app.page, code) : scanCode(app.page, code);
}

/** The pad's field (its label is asserted in English, where it reads "Test pad"). */
const pad = () => app.page.locator('#scanner-test-pad');

/** Does `action` at the pad and returns the text of the result it added (the newest, shown first). */
async function padResult(action: () => Promise<void>): Promise<string> {
  const newest = app.page.getByTestId('pad-result').first();
  const before = (await newest.count()) === 0 ? null : await newest.getAttribute('data-attempt');
  await action();
  await expect.poll(() => newest.getAttribute('data-attempt')).not.toBe(before);
  return (await newest.innerText()).replace(/\s+/g, ' ');
}

const expectNoSeriousViolations = () => expectAccessible(app.page);

async function openSettings(): Promise<void> {
  const { page } = app;
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /\(F8\)/ })
    .waitFor();
  await page.keyboard.press('F8');
  await page.locator('#settings-title').waitFor();
}

describe('the settings page in Chromium through the web host', () => {
  it('opens with F8, focus on the first field, the saved values shown, no accessibility problem', async () => {
    const { page } = app;
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Try the demo store' }).click();
    await openSettings();
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    await expect.poll(focusedId).toBe('setting-maxKeyIntervalMs');
    const label = page.getByLabel('Longest gap between a scan’s keys (ms)');
    expect(await label.inputValue()).toBe('35');
    expect(await page.getByLabel('Shortest code (characters)').inputValue()).toBe('4');
    expect(await page.getByLabel('Key that ends a scan').inputValue()).toBe('Enter');
    await page.getByText('All settings are saved.').waitFor();
    await expectNoSeriousViolations();
    await app.screenshot('settings-default-en');
  }, 90_000);

  it('test pad: a fast burst is a scan, a Thai layout reads the digits, slow typing is typing (too slow)', async () => {
    const { page } = app;
    expect(await page.getByLabel('Test pad', { exact: true }).getAttribute('id')).toBe('scanner-test-pad');
    await pad().focus();
    let text = await padResult(() => scan(CODE));
    expect(text).toMatch(new RegExp(`^Scan ${CODE} Why fast enough, long enough, ended as set`));
    expect(text).toContain('Keyboard layout same characters as typed');
    // The gaps are shown, the slowest within the 35 ms allowed.
    expect(text).toMatch(/Gaps between keys \(ms\) [\d ·]+ \(slowest \d+, allowed 35\)/);
    expect(await pad().inputValue()).toBe(''); // a scan never types into the field

    text = await padResult(() => scanCodeWithThaiLayout(app.page, '8851234567895'));
    expect(text).toMatch(/^Scan 8851234567895 /);
    const thaiKeys = [...'8851234567895'].map((digit) => THAI_DIGIT_KEYS[Number(digit)]).join('');
    expect(text).toContain(`the layout typed “${thaiKeys}”; read`);
    expect(text).toContain('read from key positions as “8851234567895”');

    text = await padResult(async () => {
      await page.keyboard.type('hello', { delay: 120 });
      await expect.poll(() => pad().inputValue()).toBe('hello'); // typing lands in the field
      await page.keyboard.press('Enter');
    });
    expect(text).toMatch(/^Typing hello Why too slow: the slowest gap was \d+ ms, over the 35 ms allowed/);
    expect(await pad().inputValue()).toBe('');
    await expectNoSeriousViolations();
    await app.screenshot('settings-pad-en');
  });

  it('test pad follows unsaved edits: prefix and suffix stripped, a short burst is too short', async () => {
    const { page } = app;
    await page.getByLabel('Prefix the scanner sends').fill('pre');
    await page.getByLabel('Suffix the scanner sends').fill('end');
    await page.getByText('Unsaved changes (2): Prefix the scanner sends, Suffix the scanner sends').waitFor();
    await pad().focus();
    const text = await padResult(() => scan(`pre${CODE}end`));
    expect(text).toMatch(
      new RegExp(`^Scan ${CODE} .*Keys received pre${CODE}end \\(prefix/suffix removed\\)`),
    );

    await page.getByLabel('Shortest code (characters)').fill('20');
    await pad().focus();
    expect(await padResult(() => scan(CODE))).toMatch(
      new RegExp(`^Typing ${CODE} Why too short: 13 characters, fewer than 20`),
    );
    // Nothing is saved until Ctrl+S.
    expect((await savedSettings()).scanner).toMatchObject({ prefix: '', suffix: '', minLength: 4 });
  });

  it('changes every setting, saves with Ctrl+S and reads them back through settings.get and after a reload', async () => {
    const { page } = app;
    await page.getByLabel('Longest gap between a scan’s keys (ms)').fill('50');
    await page.getByLabel('Shortest code (characters)').fill('6');
    await page.getByLabel('Key that ends a scan').selectOption('Tab');
    await page.getByLabel('“Scanned twice?” warning window (ms)').fill('0');
    await page.getByRole('button', { name: 'Play: Counted' }).click(); // sounds still on: plays
    await page.getByLabel('Play a sound for each scan').uncheck();
    expect(await page.getByRole('button', { name: 'Play: Counted' }).isDisabled()).toBe(true);
    await page.getByLabel('Ask for the quantity at each scan').check();
    await page.getByText(/^Unsaved changes \(8\)/).waitFor();

    // Tab now ends a scan in the test pad; Enter does not.
    await pad().focus();
    expect(await padResult(() => scan(CODE, 'Tab'))).toMatch(new RegExp(`^Scan ${CODE} `));
    await expect.poll(focusedId).toBe('scanner-test-pad'); // the scan's Tab moved no focus
    expect(await padResult(() => scan(CODE))).toMatch(
      new RegExp(`^Typing ${CODE} Why no terminator: it did not end with Tab`),
    );

    await page.keyboard.press('Control+s');
    await page.getByText('Saved.', { exact: true }).waitFor();
    const expected: AppSettings = {
      scanner: {
        maxKeyIntervalMs: 50,
        minLength: 6,
        prefix: 'pre',
        suffix: 'end',
        terminator: 'Tab',
        repeatWarningMs: 0,
      },
      sounds: false,
      language: 'en',
      quantityMode: 'prompt',
      labelLayout: 'roll-50x25',
      pcName: hostname(), // never saved: this PC's host name
    };
    expect(await savedSettings()).toEqual(expected);

    await page.reload();
    await openSettings();
    expect(await page.getByLabel('Longest gap between a scan’s keys (ms)').inputValue()).toBe('50');
    expect(await page.getByLabel('Shortest code (characters)').inputValue()).toBe('6');
    expect(await page.getByLabel('Prefix the scanner sends').inputValue()).toBe('pre');
    expect(await page.getByLabel('Suffix the scanner sends').inputValue()).toBe('end');
    expect(await page.getByLabel('Key that ends a scan').inputValue()).toBe('Tab');
    expect(await page.getByLabel('“Scanned twice?” warning window (ms)').inputValue()).toBe('0');
    expect(await page.getByLabel('Play a sound for each scan').isChecked()).toBe(false);
    expect(await page.getByLabel('Ask for the quantity at each scan').isChecked()).toBe(true);
    await page.getByText('All settings are saved.').waitFor();
  });

  it('a refused value names its field, keeps what was typed and saves nothing; Esc undoes', async () => {
    const { page } = app;
    const interval = page.getByLabel('Longest gap between a scan’s keys (ms)');
    await interval.fill('1000');
    await page.keyboard.press('Control+s');
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect
      .poll(() => alert.innerText())
      .toBe('Not saved. Check: Longest gap between a scan’s keys (ms).');
    await page
      .locator('#problem-maxKeyIntervalMs')
      .getByText(/^Not accepted: .*500/)
      .waitFor();
    expect(await interval.getAttribute('aria-invalid')).toBe('true');
    expect(await interval.inputValue()).toBe('1000');
    await expect.poll(focusedId).toBe('setting-maxKeyIntervalMs');
    expect((await savedSettings()).scanner.maxKeyIntervalMs).toBe(50);
    await expectNoSeriousViolations();
    await app.screenshot('settings-invalid-en');

    // Leaving the page and coming back keeps what was typed and says it is not saved.
    await page.keyboard.press('F2');
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
    await page.keyboard.press('F8');
    expect(await interval.inputValue()).toBe('1000');
    await page.getByText(/^Unsaved changes \(1\): Longest gap/).waitFor();

    await interval.fill('fast');
    await page.getByRole('button', { name: 'Save (Ctrl+S)' }).click();
    await page
      .locator('#problem-maxKeyIntervalMs')
      .getByText('Enter a whole number (digits only).')
      .waitFor();
    expect(await interval.inputValue()).toBe('fast');

    await interval.focus();
    await page.keyboard.press('Escape');
    await page.getByText('Changes undone.').waitFor();
    expect(await interval.inputValue()).toBe('50');
    expect(await page.getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0);
  });

  it('the language turns the whole frame Thai (html lang=th) and back', async () => {
    const { page, problems } = app;
    await page.getByRole('radio', { name: 'ไทย' }).check();
    await page.keyboard.press('Control+s');
    await page.getByRole('heading', { name: 'ตั้งค่า', level: 2 }).waitFor();
    expect(await htmlLang()).toBe('th');
    expect((await savedSettings()).language).toBe('th');
    // The frame's own words follow: navigation and status line.
    await page.getByRole('button', { name: 'ตั้งค่า (F8)' }).waitFor();
    await page.getByRole('button', { name: 'English' }).waitFor();
    await page.getByText('แคตตาล็อก: เป็นปัจจุบัน').waitFor();
    expect(await page.getByText('Catalogue: up to date').count()).toBe(0);

    // The test pad in Thai (scans end with Tab now).
    await page.getByLabel('แผงทดสอบ', { exact: true }).focus();
    expect(await padResult(() => scan(`pre${CODE}end`, 'Tab'))).toMatch(
      new RegExp(`^การสแกน ${CODE} เหตุผล เร็วพอ`),
    );
    const typed = padResult(async () => {
      await page.keyboard.type('ok', { delay: 150 });
      await page.keyboard.press('Enter');
    });
    expect(await typed).toMatch(/^การพิมพ์ ok เหตุผล ช้าเกินไป/);
    await expectNoSeriousViolations();
    await app.screenshot('settings-pad-th');
    await page.getByRole('button', { name: 'ล้างผลทดสอบ' }).click();
    await page.getByText('ยังไม่มีการสแกน').waitFor();
    await expect.poll(focusedId).toBe('scanner-test-pad');

    const interval = page.getByLabel('ช่วงห่างสูงสุดระหว่างปุ่มของการสแกน (มิลลิวินาที)');
    await interval.fill('2');
    await page.keyboard.press('Control+s');
    await page
      .getByRole('alert')
      .getByText('ยังไม่ได้บันทึก กรุณาตรวจ: ช่วงห่างสูงสุดระหว่างปุ่มของการสแกน (มิลลิวินาที)')
      .waitFor();
    await page
      .locator('#problem-maxKeyIntervalMs')
      .getByText(/^ค่านี้ใช้ไม่ได้: /)
      .waitFor();
    await expectNoSeriousViolations();
    await app.screenshot('settings-invalid-th');
    await page.keyboard.press('Escape');
    await app.screenshot('settings-default-th');

    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'บันทึก (Ctrl+S)' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await htmlLang()).toBe('en');
    expect((await savedSettings()).language).toBe('en');
    await page.getByRole('button', { name: 'Settings (F8)' }).waitFor();

    expect(problems).toEqual([]);
  });

  it("this PC's name: the host name until saved, refused with its reason in the page's language, typed text kept, Enter saves", async () => {
    const { page, problems } = app;
    const field = page.locator('#setting-pcName');
    expect(await page.getByLabel('This PC’s name').inputValue()).toBe(hostname());
    await page
      .locator('#hint-pcName')
      .getByText(/A change reaches the others at this PC’s next connection to the count \(a reconnect\)/)
      .waitFor();

    // Typed with a space at the end: refused, not trimmed; the field keeps it and has the focus.
    await field.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Aisle 3 ');
    await page.keyboard.press('Enter');
    const problem = page.locator('#problem-pcName');
    await problem
      .getByText('Remove the space at the start or the end: the name is kept exactly as typed.')
      .waitFor();
    expect(await field.inputValue()).toBe('Aisle 3 ');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(focusedId).toBe('setting-pcName');
    expect((await savedSettings()).pcName).toBe(hostname());
    await expectNoSeriousViolations();
    await app.screenshot('settings-pc-name-refused-en');

    // The reason follows the page's language.
    await page.getByRole('button', { name: 'ภาษาไทย' }).dispatchEvent('click');
    await problem.getByText('กรุณาลบช่องว่างที่ต้นหรือท้ายชื่อ ระบบเก็บชื่อตามที่พิมพ์ทุกตัวอักษร').waitFor();
    expect(await page.getByLabel('ชื่อเครื่องนี้').inputValue()).toBe('Aisle 3 ');
    await app.screenshot('settings-pc-name-refused-th');
    await page.getByRole('button', { name: 'English' }).dispatchEvent('click');
    await problem.getByText(/^Remove the space/).waitFor();

    // One character too many.
    await field.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('x'.repeat(64));
    await page.keyboard.press('Enter');
    await problem.getByText('Too long: at most 63 characters.').waitFor();
    expect(await field.inputValue()).toBe('x'.repeat(64));

    await page.keyboard.press('Control+a');
    await page.keyboard.type('ชั้น 2 – Aisle 3');
    expect(await problem.count()).toBe(0); // typing clears the old reason
    await page.keyboard.press('Enter');
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await savedSettings()).pcName).toBe('ชั้น 2 – Aisle 3');
    await page.reload();
    await openSettings();
    expect(await page.getByLabel('This PC’s name').inputValue()).toBe('ชั้น 2 – Aisle 3');
    await app.screenshot('settings-pc-name-saved-en');
    expect(problems).toEqual([]);
  });
});
