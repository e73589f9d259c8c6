// Issue 23 in real Chromium, a member's unknown code (decision 0013, migration 0028): two app instances
// (their own user-data folders, web hosts and Chromium) on one store's back office (the sandbox over
// loopback), acting with the keyboard only. The host opens a count and hosts it (Alt+H); the member
// joins from the sessions page (Alt+J) with the address and the code typed, then scans, as a scanner
// types, known codes and a code neither PC knows. The host's unknown-codes list shows that code with
// the member's name and units; the host resolves it (assigns it to a product in English, removes it
// in Thai after switching the language mid-way), asks for the last scans, reviews and commits; the
// back office's stock, read through v4, is exactly what the scans add up to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { startWebHost, type WebHost } from '../../src-main/host/web-host.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { startAppServices, type AppServices } from '../../src-main/services/index.js';
import { ean13FromPrefix } from '../../src-shared/barcode/index.js';
import type { CallArgs, CallName, CallValue, IpcResult } from '../../src-shared/ipc/index.js';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  commitByKeyboard,
  flushByKeyboard,
  hostByKeyboard,
  joinByKeyboard,
  memberScans,
  newCountByKeyboard,
  SHOWN_WITHIN,
  switchLanguage,
  tabTo,
  TYPING,
  unknownEntry,
  WORDS,
} from './support/live-count-steps.js';
import { expectAccessible, focusedElement, saveFailure, screenshot } from './support/page-helpers.js';

const STORE = { name: 'live-unknown', apikey: 'live-unknown-key-01', apisecret: 'live-unknown-secret-01' };
const WAREHOUSE = 'W0001';
const LOOPBACK = { host: '127.0.0.1', port: 0 } as const;

const app = appUnderTest({
  name: 'live-unknown-host',
  liveListen: LOOPBACK,
  // Outbox waits shortened for the test (the defaults: 60 s settle, 30 s lease, backoff up to 5 min).
  outboxTiming: { settleMs: 500, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 60, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);

/** The member PC: its own services, web host, Chromium and folder. */
interface MemberPc {
  readonly services: AppServices;
  readonly host: WebHost;
  readonly browser: ChromiumSession;
  readonly folder: string;
}
let member: MemberPc | undefined;

function memberPc(): MemberPc {
  if (member === undefined) throw new Error('the member PC did not start');
  return member;
}

async function callOn<N extends CallName>(
  services: AppServices,
  name: N,
  args: CallArgs<N>,
): Promise<CallValue<N>> {
  const result = (await services.api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

/** The shop's store on a PC, as a person adds it once: the same back office for both PCs. */
function addStore(on: Call): Promise<unknown> {
  return on('profiles.add', {
    displayName: 'Shop',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: WAREHOUSE,
    activate: true,
  });
}

interface ServerProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly barcode: string;
  readonly stock: number;
}

/** The warehouse's products as the back office has them, read through v4. */
async function serverProducts(ids?: readonly number[]): Promise<ServerProduct[]> {
  const answer = await app.sandbox.call('GetProducts', {
    query: { warehousecode: WAREHOUSE, limit: 500 },
    ...(ids === undefined ? {} : { headers: { productidlist: ids.join(',') } }),
  });
  const list = (answer.body as { list: Array<Record<string, unknown>> }).list;
  return list.map((raw) => ({
    id: Number(raw.id),
    sku: String(raw.sku ?? ''),
    name: String(raw.name ?? ''),
    barcode: String(raw.barcode ?? ''),
    stock: Number(raw.stock),
  }));
}

let p1: ServerProduct;
let p2: ServerProduct;
/** A code of no product (a valid EAN-13 all the same), one per test: unknown to both PCs. */
let unknownCodes: [string, string];

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-e2e-live-unknown-member-'));
  const [services, browser] = await Promise.all([
    startAppServices({
      userDataDir: folder,
      credentialStore: new InMemoryCredentialStore(),
      logger: silentLogger,
      liveListen: LOOPBACK,
      liveDiscovery: 'off',
    }),
    launchChromium({ viewport: { width: 1366, height: 900 } }),
  ]);
  const host = await startWebHost({ api: services.api, rendererDirectory: app.rendererDirectory });
  member = { services, host, browser, folder };
  await callOn(services, 'settings.set', { language: 'en' });
  await addStore(call);
  await addStore((name, args) => callOn(services, name, args));

  const products = await serverProducts();
  const barcodes = new Set(products.map((product) => product.barcode));
  // Whole-unit stock far from what the tests count, so a commit that did not land cannot pass.
  const candidates = products.filter(
    (product) => /^\d{8,14}$/.test(product.barcode) && Number.isInteger(product.stock) && product.stock > 10,
  );
  [p1, p2] = candidates as [ServerProduct, ServerProduct];
  expect(p2, 'two stocked products with barcodes').toBeDefined();
  const free = ['885999000001', '885999000002'].map((prefix) => ean13FromPrefix(prefix) ?? '');
  expect(free.every((code) => code !== '' && !barcodes.has(code))).toBe(true);
  unknownCodes = free as [string, string];
}, 120_000);

afterAll(async () => {
  await member?.browser.close();
  await member?.host.close();
  await member?.services.stop();
  if (member !== undefined) rmSync(member.folder, { recursive: true, force: true });
});

/** The outbox has sent everything (bounded), then the back office's stock of `ids` through v4. */
async function stockAfterDrain(ids: readonly number[]): Promise<Record<number, number>> {
  await expect
    .poll(
      async () => {
        const summary = await call('outbox.summary', {});
        return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(0);
  const products = await serverProducts(ids);
  return Object.fromEntries(products.map((product) => [product.id, product.stock]));
}

/** Units per product id, of a plan of scans (codes of `products`; other codes are the unknown one). */
function unitsOf(scans: readonly string[], products: readonly ServerProduct[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const code of scans) {
    const product = products.find((candidate) => candidate.barcode === code);
    if (product !== undefined) units.set(product.id, (units.get(product.id) ?? 0) + 1);
  }
  return units;
}

const notTrustedTypes = (problem: string) => !/TrustedScript|require-trusted-types-for/.test(problem);

describe('a member’s unknown code on the host of a live count', () => {
  it(
    'in English: the host sees it with the member’s units, assigns it to a product and commits',
    { timeout: 240_000 },
    async () => {
      const { page } = app;
      const memberPage = memberPc().browser.page;
      await Promise.all([
        page.goto(app.host.url),
        memberPage.goto(memberPc().host.url).then(() => undefined),
      ]);
      await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
      await memberPage.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
      const code = unknownCodes[0];

      const sessionId = await newCountByKeyboard(page, call, 'Aisle 7 live');
      const hostScans = [p1.barcode];
      for (const scanned of hostScans) await scanCode(page, scanned);
      await page.getByTestId('count-lines').getByRole('row').filter({ hasText: p1.sku }).waitFor();
      const join = await hostByKeyboard(page);
      await joinByKeyboard(memberPage, 'en', join);

      // The member scans a known code, the unknown one three times among another known one.
      const memberBefore = [p1.barcode, code, code, p2.barcode, code];
      await memberScans(memberPage, 'en', memberBefore, 1);
      await memberPage
        .getByTestId('live-member-status')
        .filter({ hasText: WORDS.en.allChanges(memberBefore.length) })
        .waitFor(SHOWN_WITHIN);

      // The host lists the code with the member's name and units, within a bounded wait.
      const entry = unknownEntry(page, code);
      await entry
        .filter({ hasText: WORDS.en.units(3) })
        .filter({ hasText: WORDS.en.from })
        .waitFor(SHOWN_WITHIN);
      await page
        .getByTestId('live-members')
        .filter({ hasText: WORDS.en.membersLine(memberBefore.length) })
        .waitFor(SHOWN_WITHIN);
      await screenshot(page, 'live-unknown-1-host-list-en', { fullPage: false });
      await expectAccessible(page, 'the host with a member’s unknown code');

      // Alt+U: which product is it? The SKU typed, Enter picks it; the code is kept on this PC.
      await page.keyboard.press('Alt+KeyU');
      const dialog = page.getByRole('dialog', { name: `Which product is ${code}?` });
      await dialog.waitFor(SHOWN_WITHIN);
      await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toMatch(/id="find-search"/);
      await dialog.getByText('Counted under this code: 3').waitFor();
      await page.keyboard.type(p1.sku, TYPING);
      await expect
        .poll(() => dialog.getByRole('option').first().textContent(), SHOWN_WITHIN)
        .toContain(p1.sku);
      await page.keyboard.press('Enter');
      await dialog.getByText(`${code} is now counted as ${p1.name} (+3).`).waitFor(SHOWN_WITHIN);
      // p1 has a barcode of its own: keeping the code on this PC is the focused, safe choice.
      await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toMatch(/Keep/);
      await page.keyboard.press('Enter');
      await dialog.getByText(new RegExp(`^${code} now scans as `)).waitFor(SHOWN_WITHIN);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', ...SHOWN_WITHIN });
      await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toContain('data-testid="scan-area"');
      await entry.waitFor({ state: 'detached', ...SHOWN_WITHIN });

      // The member scans the code once more: on the host it is the product's now.
      const memberAfter = [code];
      await memberScans(memberPage, 'en', memberAfter, memberBefore.length + 1);

      // The last scans, the review and the commit, all from the keyboard.
      await flushByKeyboard(page, 'en');
      await memberPage
        .getByTestId('live-member-status')
        .filter({ hasText: WORDS.en.memberFinal })
        .waitFor(SHOWN_WITHIN);
      await commitByKeyboard(page, 'en');
      await screenshot(page, 'live-unknown-2-committed-en', { fullPage: false });

      // Every scan of the three lists, the unknown code's four included in p1's figure.
      const expected = unitsOf([...hostScans, ...memberBefore], [p1, p2]);
      expected.set(p1.id, (expected.get(p1.id) ?? 0) + 4);
      expect(Object.fromEntries(expected)).toEqual({ [p1.id]: 6, [p2.id]: 1 });
      const stock = await stockAfterDrain([p1.id, p2.id]);
      expect(stock).toEqual(Object.fromEntries(expected));
      expect((await call('counting.session', { sessionId })).state).toBe('committed');
      expect(app.problems.filter(notTrustedTypes)).toEqual([]);
      expect(memberPc().browser.problems.filter(notTrustedTypes)).toEqual([]);
    },
  );

  it(
    'in Thai, the host switching mid-way: the member’s code removed, the rest committed',
    { timeout: 240_000 },
    async () => {
      const { page } = app;
      const memberPage = memberPc().browser.page;
      const code = unknownCodes[1];

      // The host starts in English; the member counts in Thai, with the Thai keyboard layout on.
      const sessionId = await newCountByKeyboard(page, call, 'Aisle 8 live');
      const hostScans = [p2.barcode];
      for (const scanned of hostScans) await scanCode(page, scanned);
      await page.getByTestId('count-lines').getByRole('row').filter({ hasText: p2.sku }).waitFor();
      const join = await hostByKeyboard(page);
      await memberPage.keyboard.press('F3');
      await switchLanguage(memberPage, 'th');
      await joinByKeyboard(memberPage, 'th', join);
      const memberScanned = [p2.barcode, code, p2.barcode, code, p1.barcode];
      await memberScans(memberPage, 'th', memberScanned, 1);
      await memberPage
        .getByTestId('live-member-status')
        .filter({ hasText: WORDS.th.allChanges(memberScanned.length) })
        .waitFor(SHOWN_WITHIN);
      await screenshot(memberPage, 'live-unknown-3-member-th', { fullPage: false });

      // In English first, then the host switches to Thai: the same entry in Thai words.
      const entry = unknownEntry(page, code);
      await entry
        .filter({ hasText: WORDS.en.units(2) })
        .filter({ hasText: WORDS.en.from })
        .waitFor(SHOWN_WITHIN);
      await switchLanguage(page, 'th');
      await entry
        .filter({ hasText: WORDS.th.units(2) })
        .filter({ hasText: WORDS.th.from })
        .waitFor(SHOWN_WITHIN);
      await screenshot(page, 'live-unknown-4-host-list-th', { fullPage: false });
      await expectAccessible(page, 'the host with a member’s unknown code, in Thai');

      // The code's button reached with Tab, Delete asks (Go back focused); Tab, Enter removes it.
      await tabTo(page, page.getByRole('button', { name: new RegExp(`^หาสินค้า.*${code}`) }));
      await page.keyboard.press('Delete');
      const question = page.getByRole('dialog', { name: `ลบรหัส ${code} หรือไม่?` });
      await question.waitFor(SHOWN_WITHIN);
      await question.getByText('จำนวนที่นับไว้ภายใต้รหัสนี้: 2').waitFor();
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedElement(page), SHOWN_WITHIN).toContain('ลบรหัสนี้');
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached', ...SHOWN_WITHIN });
      await page.getByText(`ลบรหัส ${code} แล้ว: จำนวนของรหัสนี้ไม่ถูกนับ`).waitFor(SHOWN_WITHIN);
      await entry.waitFor({ state: 'detached', ...SHOWN_WITHIN });

      await flushByKeyboard(page, 'th');
      await memberPage
        .getByTestId('live-member-status')
        .filter({ hasText: WORDS.th.memberFinal })
        .waitFor(SHOWN_WITHIN);
      await commitByKeyboard(page, 'th');
      await screenshot(page, 'live-unknown-5-committed-th', { fullPage: false });

      // The known codes' scans only: the removed code's units are not sent.
      const expected = unitsOf([...hostScans, ...memberScanned], [p1, p2]);
      expect(Object.fromEntries(expected)).toEqual({ [p1.id]: 1, [p2.id]: 3 });
      const stock = await stockAfterDrain([p1.id, p2.id]);
      expect(stock).toEqual(Object.fromEntries(expected));
      expect((await call('counting.session', { sessionId })).state).toBe('committed');
      expect(app.problems.filter(notTrustedTypes)).toEqual([]);
      expect(memberPc().browser.problems.filter(notTrustedTypes)).toEqual([]);
    },
  );
});

// The member's page too when a test fails (the app's own is saved by appUnderTest).
afterEach(async ({ task }) => {
  if (member === undefined || task.result?.state !== 'fail') return;
  await saveFailure(member.browser.page, `live-unknown-member-${task.name}`);
}, 40_000);
