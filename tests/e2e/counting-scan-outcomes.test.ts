// What each scan shows and sounds on the counting page, in real Chromium through the web host, on the
// demo store:
// - an unknown code's product found from the keyboard (Alt+U, search, Up/Down, Enter) and the barcode
//   given to it (a queued productBarcode operation; the code then looks the product up);
// - the dialog's choice once a product with a barcode is picked (keep as alias, change nothing, replace)
//   and the alias kept, photographed and checked with axe in English and in Thai;
// - the repeat-scan warning on a scanner's double read only (not on identical items at a person's
//   pace), and the cue each outcome plays (AudioContext stubbed to record the
//   oscillator frequencies), none with sounds off.
// The quantity prompt is in counting-quantity-prompt.test.ts, the sessions list's filter in
// sessions-list-filter.test.ts.
// Every state is checked with axe (no serious or critical violation) and photographed in English and
// Thai; no console error and no CSP violation.
import { beforeAll, describe, expect, it } from 'vitest';
import { ean13FromPrefix } from '../../src-shared/barcode/gtin.js';
import { scanCode, scanDoubleRead } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  countedCell as countedCellOn,
  countedOf as countedOfIn,
  expectAccessible as expectAccessibleOn,
  findDemoProducts,
  focusedElement,
  openSessionToCount,
  type CatalogueProduct,
} from './support/page-helpers.js';

/** Valid EAN-13s no demo product carries (the barcode assignment checks the check digit). */
const UNKNOWN_CODE = ean13FromPrefix('999000111222') ?? '';
const UNKNOWN_CODE_2 = ean13FromPrefix('999000333444') ?? '';
const KEPT_CODE = ean13FromPrefix('999000555666') ?? '';
/** Kept as an alias from the Thai dialog (its own code: UNKNOWN_CODE_2 must stay unknown for later tests). */
const KEPT_CODE_TH = ean13FromPrefix('999000777888') ?? '';
/** lib/sounds.ts: each cue's oscillator frequencies. */
const CUES = { ok: [1760], unknown: [660, 660], error: [196], warning: [1320, 1320] };

/** Records every oscillator started (its frequency) in window.__tones instead of making sound. */
const AUDIO_STUB = `(() => {
  window.__tones = [];
  const param = () => ({ value: 0, setValueAtTime() {}, linearRampToValueAtTime() {} });
  class FakeAudioContext {
    constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createGain() { return { gain: param(), connect(next) { return next; } }; }
    createOscillator() {
      const oscillator = {
        type: 'sine', frequency: param(),
        connect(next) { return next; },
        start() { window.__tones.push(oscillator.frequency.value); },
        stop() {},
      };
      return oscillator;
    }
  }
  window.AudioContext = FakeAudioContext;
})();`;

type Product = CatalogueProduct;

const app = appUnderTest({ name: 'counting-scan-outcomes' });
let products: Product[] = [];

beforeAll(async () => {
  await app.page.addInitScript({ content: AUDIO_STUB });
});

/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);

/** A keyboard-wedge scanner's burst, with scanner timestamps (tests/support/scanner-input.ts). */
const scan = (code: string): Promise<void> => scanCode(app.page, code);

/** The tones played since the last clear (read without clearing, so a poll sees every tone played). */
async function tones(): Promise<number[]> {
  return (await app.page.evaluate('[...window.__tones]')) as number[];
}

async function clearTones(): Promise<void> {
  await app.page.evaluate('window.__tones.length = 0');
}

/** Exactly these tones were played since the last clear (an extra or a missing tone fails); then clears. */
async function expectTones(expected: readonly number[]): Promise<void> {
  await expect.poll(tones).toEqual(expected);
  await clearTones();
}

const expectAccessible = () => expectAccessibleOn(app.page);
const screenshot = (name: string) => app.screenshot(name);
const openNewestSession = (name: string): Promise<void> => openSessionToCount(app.page, name);
const countedCell = (sku: string) => countedCellOn(app.page, sku);
const countedOf = (sessionId: string, productId: number) => countedOfIn(call, sessionId, productId);

describe('what each scan shows and sounds, in Chromium through the web host', () => {
  it('finds an unknown code’s product from the keyboard, keeps its barcode by default, warns on a double read only and plays each cue', async () => {
    const { page } = app;
    await app.openDemoStore();

    products = await findDemoProducts(call, 6, (product) => /^[A-Za-z0-9-]+$/.test(product.sku));
    expect(products).toHaveLength(6);
    const [p0, p1] = products as [Product, Product];
    expect(await call('catalogue.lookup', { code: UNKNOWN_CODE })).toBeNull();

    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Flows count' });
    await openNewestSession('Flows count');
    await clearTones();
    const last = page.getByTestId('last-scan');

    // OK: the ok cue, the OK word and its shape.
    await scan(p0.barcode);
    await expect.poll(() => last.getAttribute('data-outcome')).toBe('ok');
    expect(await last.textContent()).toContain('OK');
    expect(await last.locator('svg circle').count()).toBe(1);
    await expectTones(CUES.ok);

    // Five more of the same product at a person's pace (about 1.2 s apart): counted, never warned.
    for (const counted of [2, 3, 4, 5, 6]) {
      await page.waitForTimeout(1200);
      await scan(p0.barcode);
      await expect.poll(() => countedCell(p0.sku).textContent()).toBe(String(counted));
      expect(await last.getAttribute('data-outcome')).toBe('ok');
      expect((await page.getByTestId('repeat-warning').textContent())?.trim()).toBe('');
    }
    await expectTones([...CUES.ok, ...CUES.ok, ...CUES.ok, ...CUES.ok, ...CUES.ok]);

    // One label read twice by the scanner (a double-fire burst): counted both, one warning in words.
    await page.waitForTimeout(600);
    await scanDoubleRead(page, p0.barcode);
    await expect.poll(() => countedCell(p0.sku).textContent()).toBe('8');
    await expect.poll(() => last.getAttribute('data-outcome')).toBe('warning');
    await expect
      .poll(() => page.getByTestId('repeat-warning').textContent())
      .toContain(`Scanned ${p0.name} twice within 0.4 s — counted both. F9 undoes the last.`);
    expect(await last.textContent()).toContain('SCANNED TWICE?');
    await expectTones([...CUES.ok, ...CUES.warning]);
    await expectAccessible();
    await screenshot('counting-warning-en');

    // An unknown code: the unknown cue; the warning is gone (this scan was not a repeat).
    await scan(KEPT_CODE);
    await expect.poll(() => last.getAttribute('data-outcome')).toBe('unknown');
    await expectTones(CUES.unknown);
    expect((await page.getByTestId('repeat-warning').textContent())?.trim()).toBe('');
    const unknownList = page.getByTestId('unknown-codes');
    await expect.poll(() => unknownList.textContent()).toContain(KEPT_CODE);

    // Alt+U: the search dialog for the first unknown code, the search box focused.
    await page.keyboard.press('Alt+KeyU');
    const keepDialog = page.getByRole('dialog', { name: `Which product is ${KEPT_CODE}?` });
    await keepDialog.waitFor();
    await expect.poll(focused).toMatch(/id="find-search"/);
    await page.keyboard.type(p1.sku, { delay: 110 });
    const keepOptions = keepDialog.getByRole('option');
    await expect.poll(() => keepOptions.first().textContent()).toContain(p1.sku);
    // Up/Down move the active option; Enter picks the active one (back on the first).
    if ((await keepOptions.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => keepOptions.nth(1).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowUp');
    }
    await expect.poll(() => keepOptions.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await keepDialog.getByText(`${KEPT_CODE} is now counted as ${p1.name} (+1).`).waitFor();
    // p1 has a barcode: the dialog says giving it the code would replace it, and Enter on whatever is
    // focused by default keeps the code on this PC as another code for p1 and leaves its barcode alone.
    const warning = keepDialog.getByTestId('replace-warning');
    await expect
      .poll(() => warning.textContent())
      .toContain(`giving it ${KEPT_CODE} replaces ${p1.barcode}, and ${p1.barcode} would stop scanning`);
    await expect.poll(focused).toMatch(new RegExp(`Keep ${KEPT_CODE} as another code for it on this PC`));
    await expectAccessible();
    await screenshot('counting-unknown-dialog-en');
    await screenshot('counting-unknown-replace-choice-en');
    await page.keyboard.press('Enter');
    await keepDialog
      .getByText(
        `${KEPT_CODE} now scans as ${p1.name} on this PC; its barcode ${p1.barcode} still scans too.`,
      )
      .waitFor();
    await expect.poll(focused).toMatch(/Close/);
    await expectAccessible();
    await screenshot('counting-unknown-alias-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => keepDialog.count()).toBe(0);
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    const barcodeRow = async () =>
      (await call('outbox.list', { state: 'all' })).items.filter((item) => item.kind === 'productBarcode');
    expect(await barcodeRow()).toEqual([]);
    expect((await call('catalogue.lookup', { code: p1.barcode }))?.id).toBe(p1.id);
    expect((await call('catalogue.lookup', { code: KEPT_CODE }))?.id).toBe(p1.id);
    expect((await call('catalogue.aliases', { productId: p1.id })).map((alias) => alias.code)).toEqual([
      KEPT_CODE,
    ]);
    expect(await countedOf(session.id, p1.id)).toBe(1);
    await scan(p1.barcode);
    await expect.poll(() => countedCell(p1.sku).textContent()).toBe('2');
    await expectTones(CUES.ok);

    // Replacing is a deliberate move: another code, the same product, Tab past "Keep" and "Change
    // nothing" to "Replace", Enter.
    await scan(UNKNOWN_CODE);
    await expect.poll(() => unknownList.textContent()).toContain(UNKNOWN_CODE);
    await expectTones(CUES.unknown);
    await page.keyboard.press('Alt+KeyU');
    const dialog = page.getByRole('dialog', { name: `Which product is ${UNKNOWN_CODE}?` });
    await dialog.waitFor();
    await expect.poll(focused).toMatch(/id="find-search"/);
    await page.keyboard.type(p1.sku, { delay: 110 });
    await expect.poll(() => dialog.getByRole('option').first().textContent()).toContain(p1.sku);
    await page.keyboard.press('Enter');
    await dialog.getByText(`${UNKNOWN_CODE} is now counted as ${p1.name} (+1).`).waitFor();
    await expect.poll(focused).toMatch(/Keep/);
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatch(/Change nothing/);
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatch(new RegExp(`Replace ${p1.barcode} with ${UNKNOWN_CODE}`));
    await page.keyboard.press('Enter');
    await dialog.getByText(`Queued: ${p1.name} gets the barcode ${UNKNOWN_CODE}`).waitFor();
    expect(await dialog.getByTestId('replace-warning').count()).toBe(0);
    await expect.poll(focused).toMatch(/Close/);

    // The only barcode assignment of this fresh store.
    const [queued] = await barcodeRow();
    expect(queued).toBeDefined();
    // While queued, the code already finds the product; once sent, the next pull brings the barcode.
    if (queued?.state !== 'done') {
      expect((await call('catalogue.lookup', { code: UNKNOWN_CODE }))?.id).toBe(p1.id);
    }
    await expect.poll(async () => (await barcodeRow())[0]?.state, { timeout: 20_000 }).toBe('done');
    await call('sync.syncNow', {});
    await expect
      .poll(async () => (await call('catalogue.lookup', { code: UNKNOWN_CODE }))?.id, { timeout: 20_000 })
      .toBe(p1.id);
    expect(await countedOf(session.id, p1.id)).toBe(3);

    // Escape closes; the side list is empty, the big display shows the product's line, scanning resumes.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    expect(await unknownList.count()).toBe(0);
    expect(await last.textContent()).toContain(p1.name);
    await expect.poll(() => countedCell(p1.sku).textContent()).toBe('3');
    // The code now scans as the product.
    await scan(UNKNOWN_CODE);
    await expect.poll(() => countedCell(p1.sku).textContent()).toBe('4');
    await expectTones(CUES.ok);
    await expectAccessible();
    await screenshot('counting-lines-en');

    // The same screens in Thai: lines, the warning, the dialog.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'กำลังนับ: Flows count' }).waitFor();
    await screenshot('counting-lines-th');
    await page.waitForTimeout(600);
    await scanDoubleRead(page, p0.barcode);
    await expect.poll(() => page.getByTestId('repeat-warning').textContent()).toContain('ซ้ำภายใน 0.4 วินาที');
    await expectAccessible();
    await screenshot('counting-warning-th');
    await scan(UNKNOWN_CODE_2);
    await expect.poll(() => unknownList.textContent()).toContain(UNKNOWN_CODE_2);
    await page.keyboard.press('Alt+KeyU');
    const thaiDialog = page.getByRole('dialog', { name: `รหัส ${UNKNOWN_CODE_2} คือสินค้าใด?` });
    await thaiDialog.waitFor();
    await page.keyboard.type(p1.sku, { delay: 110 });
    await expect.poll(() => thaiDialog.getByRole('option').first().textContent()).toContain(p1.sku);
    await expectAccessible();
    await screenshot('counting-unknown-dialog-th');
    await page.keyboard.press('Escape');
    await expect.poll(() => thaiDialog.count()).toBe(0);
    // The choice once a product with a barcode is picked (keep as alias, focused; change nothing;
    // replace), then the alias kept: the same states as in English, in Thai.
    await scan(KEPT_CODE_TH);
    await expect.poll(() => unknownList.textContent()).toContain(KEPT_CODE_TH);
    await unknownList.locator('li').filter({ hasText: KEPT_CODE_TH }).getByRole('button').first().click();
    const thaiChoice = page.getByRole('dialog', { name: `รหัส ${KEPT_CODE_TH} คือสินค้าใด?` });
    await thaiChoice.waitFor();
    await expect.poll(focused).toMatch(/id="find-search"/);
    await page.keyboard.type(p1.sku, { delay: 110 });
    await expect.poll(() => thaiChoice.getByRole('option').first().textContent()).toContain(p1.sku);
    await page.keyboard.press('Enter');
    const currentBarcode = (await call('catalogue.product', { productId: p1.id })).barcode;
    await expect
      .poll(() => thaiChoice.getByTestId('replace-warning').textContent())
      .toContain(`ถ้ากำหนด ${KEPT_CODE_TH} ให้ จะแทนที่ ${currentBarcode}`);
    await expect.poll(focused).toMatch(new RegExp(`เก็บ ${KEPT_CODE_TH} เป็นอีกรหัสของสินค้านี้ในเครื่องนี้`));
    await expectAccessible();
    await screenshot('counting-unknown-replace-choice-th');
    await page.keyboard.press('Enter');
    await thaiChoice.getByText(`เครื่องนี้สแกน ${KEPT_CODE_TH} เป็น ${p1.name} แล้ว`).waitFor();
    await expect.poll(focused).toMatch(/ปิด/);
    await expectAccessible();
    await screenshot('counting-unknown-alias-th');
    await page.keyboard.press('Escape');
    await expect.poll(() => thaiChoice.count()).toBe(0);
    expect((await call('catalogue.lookup', { code: KEPT_CODE_TH }))?.id).toBe(p1.id);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Counting: Flows count' }).waitFor();
    await clearTones();

    // A refused scan (the session was discarded meanwhile): ERROR in words and shape, the error cue.
    await call('counting.discard', { sessionId: session.id });
    await scan(p0.barcode);
    await expect.poll(() => last.getAttribute('data-outcome')).toBe('error');
    expect(await last.textContent()).toContain('ERROR');
    await expectTones(CUES.error);
    expect(app.problems).toEqual([]);
  }, 120_000);

  it('plays nothing with sounds off', async () => {
    const { page } = app;
    const [p0] = products as [Product];
    await call('settings.set', { sounds: false });
    await call('counting.createSession', { warehouseCode: 'W0001', name: 'Quiet count' });
    await page.reload();
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
    await openNewestSession('Quiet count');
    await scan(p0.barcode);
    await scan(p0.barcode);
    await scan(UNKNOWN_CODE_2);
    await expect.poll(() => page.getByTestId('last-scan').getAttribute('data-outcome')).toBe('unknown');
    await expect.poll(() => countedCell(p0.sku).textContent()).toBe('2');
    expect(await tones()).toEqual([]);
    await call('settings.set', { sounds: true });
    expect(app.problems).toEqual([]);
  }, 60_000);
});
