// Store profiles in real Chromium through the web host: the real build and app services on a fresh
// user-data folder, and a second, external sandbox (its own store name and keys on 127.0.0.1) as a real
// store. From the welcome page a person adds that store: required fields are named, the keychain's state
// is shown first, "Test connection" with a wrong secret says the credentials were refused and with the
// right one names the merchant; saved, it opens and syncs. The stores page then lists the demo store and
// that one: switching, editing the name and removing (asked first, the keychain's outcome said) work.
// No secret is left in the page; no console error, no CSP violation; screenshots in both languages and
// an axe check on every screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible, focusedElement, inBothLanguages } from './support/page-helpers.js';

const BRANCH = { name: 'branch2', apikey: 'branch2-key-5b1e', apisecret: 'branch2-secret-c07d' } as const;
const WRONG_SECRET = 'not-the-secret-9f3a';

const keychain = new InMemoryCredentialStore();
const app = appUnderTest({
  name: 'stores',
  credentials: keychain,
  sandbox: { stores: [BRANCH], products: 30 },
});
let branch: TestSandbox;
let merchantName: string;

beforeAll(async () => {
  branch = app.sandbox;
  const merchant = await branch.call('GetMerchantProfile');
  merchantName = (merchant.body as { name: string }).name;
});

/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);

/** Screenshots of the screen in English and Thai and an axe check in each (back in English after). */
const capture = (name: string) => inBothLanguages(app.page, name);

describe('store profiles in Chromium through the web host', () => {
  it('adds an external store from the welcome page, tests it, saves it, and it opens and syncs', async () => {
    const { page } = app;
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Try the demo store' }).waitFor();
    await expect.poll(focused).toMatch(/Try the demo store/);
    await page.getByText('only in this PC’s keychain').waitFor();
    await capture('stores-welcome');

    // Alt+A: the first field of the form.
    await page.keyboard.press('Alt+KeyA');
    await expect.poll(focused).toMatch(/type="url"/);

    // Saving with nothing typed names every missing field and puts the focus on the first.
    await page.getByRole('button', { name: 'Save and open the store (Enter)' }).click();
    for (const field of [
      'Back office address (base URL)',
      'Store name (for the API)',
      'API key',
      'API secret',
    ]) {
      await page.getByText(`${field}: enter it, this field is required.`).waitFor();
    }
    await expect.poll(focused).toMatch(/type="url"/);
    // main judges the address: its issue lands under the field it names.
    await page.getByLabel('Back office address (base URL)').fill('ftp://example.com');
    await page.getByLabel('Store name (for the API)').fill(BRANCH.name);
    await page.getByLabel('API key', { exact: true }).fill(BRANCH.apikey);
    await page.getByLabel('API secret', { exact: true }).fill(WRONG_SECRET);
    await page.keyboard.press('Enter');
    await page
      .getByText(/^Back office address \(base URL\): The back-office address must be http or https/)
      .waitFor();
    expect(await page.getByLabel('Back office address (base URL)').getAttribute('aria-invalid')).toBe('true');
    // Plain http to another host than this PC: refused on the page, in the page's language, before it is sent.
    await page.getByLabel('Back office address (base URL)').fill('http://backoffice.example.com');
    await page.keyboard.press('Enter');
    const plainHttp = {
      en: page.getByText(
        /^Back office address \(base URL\): use the back office’s https:\/\/ address\. .*unencrypted/,
      ),
      th: page.getByText(/^ที่อยู่ระบบหลังร้าน \(base URL\): กรุณาใช้ที่อยู่ https:\/\/ .*ไม่เข้ารหัส$/),
    };
    await plainHttp.en.waitFor();
    // A message is worded when it is given: in Thai, the save is pressed again.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.getByRole('button', { name: 'บันทึกและเปิดร้าน (Enter)' }).click();
    await plainHttp.th.waitFor();
    await expectAccessible(page, 'the plain-http refusal in Thai');
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    expect(await call('profiles.list', {})).toMatchObject({ profiles: [], activeId: null });

    // A wrong secret: the credentials were refused. Alt+T tests.
    await page.getByLabel('Back office address (base URL)').fill(branch.url);
    await page.keyboard.press('Alt+KeyT');
    await page.getByText('The store name, API key or API secret was refused: check them.').waitFor();
    // The back office's words only behind Details.
    await expect.poll(() => page.getByTestId('test-details-details').textContent()).toContain('Invalid API');
    expect(await call('profiles.list', {})).toMatchObject({ profiles: [], activeId: null });

    // The right one: the merchant's name.
    await page.getByLabel('API secret', { exact: true }).fill(BRANCH.apisecret);
    await page.getByRole('button', { name: 'Test connection (Alt+T)' }).click();
    await page.getByText(`Connected to “${merchantName}”.`).waitFor();
    await page.getByLabel('Name shown in Stockroom').fill('Branch 2');
    await capture('stores-add-form-tested');

    await page.getByLabel('Name shown in Stockroom').press('Enter');
    await page.getByText('Store: Branch 2').waitFor();
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
    const active = await call('profiles.active', {});
    expect(active).toMatchObject({ displayName: 'Branch 2', baseUrl: branch.url, storename: BRANCH.name });
    const products = await branch.call('GetProducts', { query: { limit: 1 } });
    const first = (products.body as { list: { sku: string }[] }).list[0];
    expect((await call('catalogue.search', { text: first?.sku ?? '?', limit: 5 })).length).toBeGreaterThan(0);

    // The secrets are nowhere in the page any more.
    const html = await page.content();
    expect(html).not.toContain(BRANCH.apisecret);
    expect(html).not.toContain(BRANCH.apikey);
    expect(app.problems).toEqual([]);
  }, 120_000);

  it('lists the demo store and the added one; switches, edits the name, removes after asking', async () => {
    const { page } = app;
    // The demo store is opened through the contract; the page follows the profile.changed event.
    await call('demo.start', {});
    await page.getByText(/^Store: (Stockroom )?Demo store$/i).waitFor();
    await page.getByRole('button', { name: 'Stores' }).click();
    await page.getByRole('heading', { name: 'Stores', level: 2 }).waitFor();
    const rows = page.locator('table.results tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    // Told apart by address (the sandbox's merchant name may say "demo" too).
    const branchRow = rows.filter({ hasText: branch.url });
    const demoRow = rows.filter({ hasNotText: branch.url });
    await demoRow.getByText('Open now').waitFor();
    expect(await branchRow.getByText('Open now').count()).toBe(0);
    await branchRow.getByText(branch.url).waitFor();

    // A saved profile's test (Alt+T on the selected row); the first row's first button has the focus.
    await branchRow.getByRole('button', { name: 'Test Branch 2' }).click();
    await branchRow.getByText(`Branch 2: Connected to “${merchantName}”.`).waitFor();
    await capture('stores-list');

    // Switch with the keyboard: the focused "Open Branch 2" and Enter.
    await branchRow.getByRole('button', { name: 'Open Branch 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Branch 2 is open.').waitFor();
    await page.getByText('Store: Branch 2').waitFor();
    await branchRow.getByText('Open now').waitFor();
    expect((await call('profiles.active', {}))?.displayName).toBe('Branch 2');

    // Edit the name (Alt+E on the selected row): the secrets stay empty and keep their stored values.
    await page.keyboard.press('Alt+KeyE');
    await page.getByRole('heading', { name: 'Edit Branch 2' }).waitFor();
    expect(await page.getByLabel('API secret', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Name shown in Stockroom').fill('Branch Two');
    await page.getByLabel('Name shown in Stockroom').press('Enter');
    await page.getByText('Branch Two was saved.').waitFor();
    await branchRow.getByText('Branch Two').waitFor();
    await branchRow.getByText('Open now').waitFor();
    const tested = await call('profiles.testConnection', {
      profileId: (await call('profiles.active', {}))?.id ?? '',
    });
    expect(tested).toEqual({ connected: true, merchantName });

    // Remove the demo store: asked first, then the keychain's outcome is said.
    await demoRow.getByRole('button', { name: /^Remove / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Remove .*Demo store\?$/i }).waitFor();
    await dialog.getByText(/deletes its data on this PC/).waitFor();
    await app.screenshot('stores-remove-confirm-en');
    await expectAccessible(page);
    // Esc cancels: nothing removed.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await call('profiles.list', {})).profiles).toHaveLength(2);
    await demoRow.getByRole('button', { name: /^Remove / }).click();
    // The dialog starts on Cancel: Enter on the default never deletes a store's data.
    await expect.poll(async () => (await page.locator(':focus').textContent())?.trim()).toBe('Cancel (Esc)');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page
      .getByText(/Demo store was removed(;| and) .*keychain.* Its data on this PC was deleted\./i)
      .waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await call('profiles.list', {})).profiles.map((profile) => profile.displayName)).toEqual([
      'Branch Two',
    ]);
    expect(app.problems).toEqual([]);
  }, 120_000);

  it('without a keychain the form says secrets cannot be stored and does not save, but still tests', async () => {
    const { page } = app;
    keychain.makeUnavailable('no-keychain', 'no Secret Service is running');
    try {
      await page.keyboard.press('Alt+KeyA');
      await page.getByRole('heading', { name: 'Add a store', level: 3 }).waitFor();
      const warning = page.getByRole('alert').filter({ hasText: 'no keychain Stockroom can use' });
      await warning.getByText(/API key and secret cannot be kept safely/).waitFor();
      // The keychain's own (technical, English) words only behind "Details".
      const technical = warning.getByText('no Secret Service is running');
      expect(await technical.isVisible()).toBe(false);
      await warning.getByText('Details').click();
      await technical.waitFor();
      await page.getByText('Save is unavailable until this PC’s keychain can be used').waitFor();
      await page.getByLabel('Back office address (base URL)').fill(branch.url);
      await page.getByLabel('Store name (for the API)').fill(BRANCH.name);
      await page.getByLabel('API key', { exact: true }).fill(BRANCH.apikey);
      await page.getByLabel('API secret', { exact: true }).fill(BRANCH.apisecret);
      await page.keyboard.press('Alt+KeyT');
      await page.getByText(`Connected to “${merchantName}”.`).waitFor();
      // Enter saves nothing, and says why.
      await page.getByLabel('API secret', { exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Not saved: without this PC’s keychain' }).waitFor();
      await app.screenshot('stores-no-keychain-en');
      await expectAccessible(page);
      expect((await call('profiles.list', {})).profiles).toHaveLength(1);
      // The same in Thai: Thai words, no English technical text in sight.
      await page.getByRole('button', { name: 'ภาษาไทย' }).click();
      await page.locator('html[lang="th"]').waitFor();
      const thaiWarning = page.getByRole('alert').filter({ hasText: 'เครื่องนี้ไม่มีที่เก็บรหัสที่ Stockroom ใช้ได้' });
      await thaiWarning.waitFor();
      await page.getByRole('alert').filter({ hasText: 'ยังไม่ได้บันทึก: หากไม่มีที่เก็บรหัส' }).waitFor();
      await app.screenshot('stores-no-keychain-th');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'English' }).click();
      await page.locator('html[lang="en"]').waitFor();
      await page.getByLabel('API secret', { exact: true }).focus(); // Esc is the form's key
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add a store (Alt+A)' }).waitFor();
    } finally {
      keychain.makeAvailable();
    }
    expect(app.problems).toEqual([]);
  }, 60_000);
});
