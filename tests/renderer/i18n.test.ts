// The one translator behind every word list (lib/i18n.svelte.ts): its types refuse a Thai dictionary
// that lacks or adds a key and a lookup of a key no language has; at run time, in real Chromium under
// the app's Content-Security-Policy, it fills placeholders, and the frame's and every feature's lookup
// follow a language switch, also inside an effect, as a page's markup does.
import { readFileSync } from 'node:fs';
import { build, transform, type Plugin } from 'esbuild';
import { compileModule } from 'svelte/compiler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopContentSecurityPolicy } from '../../src-main/app/content-security-policy.js';
import type * as I18n from '../../src-renderer/lib/i18n.svelte.js';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';
import type * as WordsPage from './support/i18n-page.svelte.js';

type Words = typeof WordsPage;

// Never called: these lines are checked by `npm run typecheck` (tsconfig.renderer-tests.json), where an
// unused @ts-expect-error is itself an error, so each line must stay refused.
export function refusedByTypes(translator: typeof I18n.translator, words: Words): void {
  // @ts-expect-error A Thai dictionary without one of English's keys.
  translator({ en: { greeting: 'Hello', farewell: 'Goodbye' }, th: { greeting: 'สวัสดี' } });
  // @ts-expect-error A Thai key English does not have.
  translator({ en: { greeting: 'Hello' }, th: { greeting: 'สวัสดี', farewell: 'ลาก่อน' } });
  const greet = translator({ en: { greeting: 'Hello {name}' }, th: { greeting: 'สวัสดี {name}' } });
  greet('greeting', { name: 'Somchai', count: 2 });
  // @ts-expect-error A key neither language has.
  greet('farewell');
  // @ts-expect-error A feature's lookup keeps its own keys: the frame's key is not a counting key.
  words.ct('navSettings');
  // @ts-expect-error Placeholder values are text or numbers.
  words.t('budget', { used: new Date() });
}

const ORIGIN = 'http://words.test';

/** Compiles `.svelte.ts` modules (runes) the way the app's build does: types off, then Svelte. */
const svelteModules: Plugin = {
  name: 'svelte-modules',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.svelte\.ts$/ }, async ({ path }) => {
      const javascript = await transform(readFileSync(path, 'utf8'), { loader: 'ts', format: 'esm' });
      const compiled = compileModule(javascript.code, { filename: path, generate: 'client' });
      return { contents: compiled.js.code, loader: 'js', resolveDir: path.replace(/\/[^/]+$/, '') };
    });
  },
};

let chromium: ChromiumSession;

/** The bundle's exports, as the page's global (the code passed to page.evaluate runs in the page). */
declare const StockroomWords: Words;

async function openPage(): Promise<void> {
  await chromium.page.goto(`${ORIGIN}/`);
  await chromium.page.waitForFunction(() => 'StockroomWords' in window);
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: ['tests/renderer/support/i18n-page.svelte.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'StockroomWords',
    platform: 'browser',
    plugins: [svelteModules],
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  chromium = await launchChromium();
  // A real origin (localStorage works) with the desktop shell's policy on the page.
  const csp = { 'content-security-policy': desktopContentSecurityPolicy() };
  await chromium.page.route(`${ORIGIN}/**`, (route) => {
    const isScript = new URL(route.request().url()).pathname === '/words.js';
    return route.fulfill(
      isScript
        ? { body: script, contentType: 'text/javascript', headers: csp }
        : {
            body: '<!doctype html><title>Words</title><script src="/words.js"></script>',
            contentType: 'text/html',
            headers: csp,
          },
    );
  });
  await openPage();
}, 60_000);

afterAll(async () => {
  await chromium?.close();
});

describe('translator', () => {
  it('starts in English on a first visit and fills every placeholder from the values', async () => {
    const texts = await chromium.page.evaluate(() => {
      const words = StockroomWords;
      const greet = words.translator({
        en: { greeting: 'Hello {name}, {name} has {count} scans' },
        th: { greeting: 'สวัสดี {name} มี {count} การสแกน' },
      });
      return {
        language: words.locale.language,
        lang: document.documentElement.lang,
        frame: words.t('budget', { used: 3, limit: 1000 }),
        missingValue: words.t('budget', { used: 3 }),
        noValues: words.t('syncPhase'),
        repeated: greet('greeting', { name: 'Ann', count: 0 }),
        counting: words.ct('scanCancelled', { code: '8851234567892' }),
      };
    });
    expect(texts).toEqual({
      language: 'en',
      lang: 'en',
      frame: 'Requests today: 3 of 1000',
      missingValue: 'Requests today: 3 of {limit}',
      noValues: 'Catalogue: syncing {phase} {done} of {total}',
      repeated: 'Hello Ann, Ann has 0 scans',
      counting: 'Scan of 8851234567892 cancelled: nothing counted.',
    });
  });

  it('switches the frame and every feature to Thai, and markup reading a text follows', async () => {
    const result = await chromium.page.evaluate(() => {
      const words = StockroomWords;
      const everyList = () => [
        words.t('navSettings'),
        words.statusBarText('lastSyncNever'),
        words.ct('filterAll', { count: 3 }),
        words.ot('countsLine', { waiting: 2, parked: 1 }),
        words.pt('imageFailed'),
        words.rt('reviewTitle', { name: 'Aisle 4' }),
        words.settingsText('settingsTitle'),
        words.storesText('editStoreTitle', { name: 'Bangkok' }),
      ];
      const englishList = everyList();
      const watched = words.watch(() => words.ct('filterAll', { count: 3 }));
      words.locale.set('th');
      words.flushSync();
      const thaiList = everyList();
      words.locale.toggle();
      words.flushSync();
      watched.stop();
      return {
        englishList,
        thaiList,
        seen: watched.seen,
        lang: document.documentElement.lang,
        stored: localStorage.getItem('stockroom.language'),
      };
    });
    expect(result.englishList).toEqual([
      'Settings',
      'Last sync: not yet',
      'All (3)',
      'Waiting to send: 2 · Need attention: 1',
      'The picture could not be loaded.',
      'Review: Aisle 4',
      'Settings',
      'Edit Bangkok',
    ]);
    expect(result.thaiList).toEqual([
      'ตั้งค่า',
      'ซิงค์ล่าสุด: ยังไม่เคย',
      'ทั้งหมด (3)',
      'รอส่ง: 2 · ต้องตรวจสอบ: 1',
      'โหลดรูปไม่สำเร็จ',
      'ตรวจทาน: Aisle 4',
      'ตั้งค่า',
      'แก้ไข Bangkok',
    ]);
    expect(result.seen).toEqual(['All (3)', 'ทั้งหมด (3)', 'All (3)']);
    expect(result).toMatchObject({ lang: 'en', stored: 'en' });
  });

  it('opens in the language the last visit chose, before main answers', async () => {
    await chromium.page.evaluate(() => StockroomWords.locale.set('th'));
    await openPage();
    const texts = await chromium.page.evaluate(() => ({
      language: StockroomWords.locale.language,
      lang: document.documentElement.lang,
      frame: StockroomWords.t('budget', { used: 3, limit: 1000 }),
    }));
    expect(texts).toEqual({ language: 'th', lang: 'th', frame: 'คำขอวันนี้: 3 จาก 1000' });
    expect(chromium.problems).toEqual([]);
  });
});
