// Keyboard steps of a live count between two PCs' pages (decision 0013), as a person takes them: a
// new count, Alt+H to host it, Alt+J and the typed address and code to join it, scans one at a time,
// the language button, Alt+S for the last scans, the review's commit; and the page's words they read
// in English and Thai. Every wait is bounded and ends as soon as the page shows what it waits for.
import { hostname } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { scanCode, scanCodeWithThaiLayout } from '../../support/scanner-input.js';
import { focusedElement, type Call } from './page-helpers.js';

/** Both PCs of a test are this machine: each names itself by the host name, as a shop's PCs do. */
export const PC_NAME = hostname();
/** Generous bounds for a loaded machine. */
export const SHOWN_WITHIN = { timeout: 30_000 } as const;
/**
 * A person's typing: keys further apart than the scanner's 35 ms (Settings), so the page never takes a
 * typed name or address for a scan and swallows its Enter.
 */
export const TYPING = { delay: 110 } as const;

/** The page's words the steps and their tests read, in each language. */
export const WORDS = {
  en: {
    connected: 'Connected',
    changesOf: (count: number) => `of ${count} changes are on the host`,
    allChanges: (count: number) => `${count} of ${count} changes are on the host`,
    membersLine: (seq: number) => `connected · last change received: no. ${seq}`,
    units: (count: number) => `units: ${count}`,
    from: `from ${PC_NAME}`,
    flush: 'Ask the PCs for their last scans',
    memberFinal: 'The host has every scan',
    commit: 'Commit to outbox',
    commitTitle: 'Commit this count to the outbox',
    switchTo: 'ภาษาไทย',
  },
  th: {
    connected: 'เชื่อมต่ออยู่',
    changesOf: (count: number) => `จาก ${count} รายการ`,
    allChanges: (count: number) => `เครื่องหลักได้รับ ${count} จาก ${count} รายการ`,
    membersLine: (seq: number) => `เชื่อมต่ออยู่ · การเปลี่ยนแปลงล่าสุดที่ได้รับ: ลำดับที่ ${seq}`,
    units: (count: number) => `${count} หน่วย`,
    from: `จาก ${PC_NAME}`,
    flush: 'ขอการสแกนสุดท้ายจากเครื่องต่าง ๆ',
    memberFinal: 'เครื่องหลักได้รับการสแกนทั้งหมดของเครื่องนี้แล้ว',
    commit: 'ยืนยันส่งเข้ารายการรอส่ง',
    commitTitle: 'ยืนยันผลการนับเข้ารายการรอส่ง',
    switchTo: 'English',
  },
} as const;
export type Language = keyof typeof WORDS;

const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === element.ownerDocument.activeElement);

/** Tab (or Shift+Tab) until `target` has the focus: how a person reaches a button with the keyboard. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await target.waitFor(SHOWN_WITHIN);
  for (let press = 0; press < 80; press += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached the target; the focus is on ${await focusedElement(page)}`);
}

/** The language button reached with Shift+Tab and pressed with Enter; the page then reads `to`. */
export async function switchLanguage(page: Page, to: Language): Promise<void> {
  const from: Language = to === 'th' ? 'en' : 'th';
  await tabTo(page, page.getByRole('button', { name: WORDS[from].switchTo, exact: true }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await page.locator(`html[lang="${to}"]`).waitFor();
}

/** F3, Alt+N, the warehouse preselected, the name typed, Enter: the counting page of the new count. */
export async function newCountByKeyboard(page: Page, call: Call, name: string): Promise<string> {
  await page.keyboard.press('F3');
  await page.keyboard.press('Alt+KeyN');
  await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toMatch(/^<select/);
  // Tab past "What to count" (one stop for its radio group, the whole warehouse chosen) to the name.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type(name, TYPING);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: new RegExp(`: ${name}$`) }).waitFor(SHOWN_WITHIN);
  const session = (await call('counting.listSessions', { state: 'open' })).find(
    (entry) => entry.name === name,
  );
  if (session === undefined) throw new Error(`no open session ${name}`);
  return session.id;
}

/** Alt+H on the host's count: the address and the code its panel shows. */
export async function hostByKeyboard(page: Page): Promise<{ address: string; code: string }> {
  await page.keyboard.press('Alt+KeyH');
  const panel = page.getByTestId('live-panel');
  await panel.getByTestId('live-code').waitFor(SHOWN_WITHIN);
  const code = (await panel.getByTestId('live-code').textContent()) ?? '';
  const address = (await panel.getByTestId('live-address').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
  return { address, code };
}

/** The member: F3, Alt+J, the address typed, Tab, the code typed, Enter; its count opens connected. */
export async function joinByKeyboard(
  page: Page,
  language: Language,
  join: { address: string; code: string },
) {
  await page.keyboard.press('F3');
  await page.keyboard.press('Alt+KeyJ');
  const dialog = page.getByTestId('join-dialog');
  await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toContain('data-testid="join-address"');
  await page.keyboard.type(join.address, TYPING);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toContain('data-testid="join-code"');
  await page.keyboard.type(join.code, TYPING);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', ...SHOWN_WITHIN });
  await page.getByTestId('live-member-status').filter({ hasText: WORDS[language].connected }).waitFor();
}

/**
 * A person scanning with the member PC: one scanner burst per code, the next only once this PC has
 * the scan as its change number `seq` (the member's panel says "… of <seq> changes").
 */
export async function memberScans(
  page: Page,
  language: Language,
  codes: readonly string[],
  firstSeq: number,
) {
  const status = page.getByTestId('live-member-status');
  for (const [index, code] of codes.entries()) {
    await (language === 'th' ? scanCodeWithThaiLayout(page, code) : scanCode(page, code));
    await status.filter({ hasText: WORDS[language].changesOf(firstSeq + index) }).waitFor(SHOWN_WITHIN);
  }
}

/** The host's unknown-codes entry of `code`. */
export const unknownEntry = (page: Page, code: string): Locator =>
  page.getByTestId('unknown-codes').getByRole('listitem').filter({ hasText: code });

/** Alt+S, as the host's last-scans button says: then every member's scans are in. */
export async function flushByKeyboard(page: Page, language: Language): Promise<void> {
  const panel = page.getByTestId('live-panel');
  await panel.getByRole('button', { name: `${WORDS[language].flush} (Alt+S)` }).waitFor(SHOWN_WITHIN);
  await page.keyboard.press('Alt+KeyS');
  await panel.getByTestId('live-ready').waitFor(SHOWN_WITHIN);
}

/** F10, the review; Ctrl+Enter, the commit dialog; Ctrl+Enter commits (stock nobody counted stays). */
export async function commitByKeyboard(page: Page, language: Language): Promise<void> {
  await page.keyboard.press('F10');
  // The review reads the whole session and the warehouse's uncounted products before it takes focus.
  await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toContain(WORDS[language].commit);
  await page.keyboard.press('Control+Enter');
  await page.getByRole('dialog', { name: WORDS[language].commitTitle }).waitFor(SHOWN_WITHIN);
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('committed').waitFor(SHOWN_WITHIN);
}
