// The page's words in English and Thai. One dictionary per language with the same keys (a missing Thai
// string is a type error); `t(key, values)` fills {name} placeholders. Each feature keeps its own
// dictionaries beside its pages and makes its lookup with `translator`. The language is the PC's setting
// (lib/settings.svelte.ts applies it once main answers; a new install is Thai); localStorage only
// remembers it for the first paint, before that answer. It is set on <html lang>, so screen readers and
// fonts pick the right script.

export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'stockroom.language';

/**
 * The language of the last visit until main's settings arrive. With none (a browser that never reached
 * main) English: such a page may never be linked, and its message names a command to run.
 */
function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'th' ? 'th' : 'en';
}

class Locale {
  #language = $state<Language>(storedLanguage());

  constructor() {
    document.documentElement.lang = this.#language;
  }

  /** The page's language now (changed with set or toggle). */
  get language(): Language {
    return this.#language;
  }

  set(language: Language): void {
    this.#language = language;
    localStorage.setItem(LANGUAGE_KEY, language);
    document.documentElement.lang = language;
  }

  toggle(): void {
    this.set(this.#language === 'en' ? 'th' : 'en');
  }
}

export const locale = new Locale();

/** Values for a text's {name} placeholders. */
export type PlaceholderValues = Readonly<Record<string, string | number>>;

/** One text per key in each language: Thai is checked against the keys English has. */
export interface Dictionaries<K extends string> {
  en: Readonly<Record<K, string>>;
  th: Readonly<Record<NoInfer<K>, string>>;
}

/** Looks up `key` in the current language and fills its {name} placeholders from `values`. */
export type Translate<K extends string> = (key: K, values?: PlaceholderValues) => string;

/**
 * The lookup for one set of dictionaries. It reads `locale.language` on every call, so markup and
 * $derived values that use it follow a language switch. A placeholder without a value stays as written,
 * which shows the gap on screen instead of an empty spot.
 */
export function translator<K extends string>(dictionaries: Dictionaries<K>): Translate<K> {
  return (key, values = {}) =>
    dictionaries[locale.language][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined ? whole : String(value);
    });
}

const numberFormats: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-GB'),
  th: new Intl.NumberFormat('th-TH'),
};

/** Figures already written, per language: formatting one still costs tens of µs. */
const formatted: Record<Language, Map<number, string>> = { en: new Map(), th: new Map() };
const MAX_REMEMBERED_FIGURES = 10_000;

/**
 * Numbers as people of the current language write them. One formatter per language: building one
 * costs ~30-40 µs, and a scan formats half a dozen figures (bench/scan-to-screen); a count's figures
 * repeat, so each is written once.
 */
export function formatNumber(value: number): string {
  const language = locale.language;
  const remembered = formatted[language];
  let text = remembered.get(value);
  if (text === undefined) {
    if (remembered.size >= MAX_REMEMBERED_FIGURES) remembered.clear();
    text = numberFormats[language].format(value);
    remembered.set(value, text);
  }
  return text;
}

/** The frame's text of `key` in the current language, with {name} placeholders filled from `values`. */
export const t = translator({
  en: {
    appName: 'Stockroom',
    switchLanguage: 'ภาษาไทย',
    statusLabel: 'Status',
    linkConnecting: 'Connecting to Stockroom…',
    linkReconnecting: 'Connection to Stockroom lost; reconnecting…',
    linkRefused: 'This page is not linked to Stockroom. Open the address printed by "npm run web" again.',
    connectivityUnknown: 'Back office: not contacted yet',
    connectivityOnline: 'Back office: online',
    connectivityOffline: 'Back office: offline (work is kept and sent later)',
    connectivityPaused: 'Back office: sending paused',
    syncNoProfile: 'Catalogue: no store open',
    syncRunning: 'Catalogue: syncing…',
    syncPhase: 'Catalogue: syncing {phase} {done} of {total}',
    syncIdle: 'Catalogue: up to date',
    syncWaiting: 'Catalogue: waiting ({reason})',
    syncWaitingPlain: 'Catalogue: waiting',
    syncFailed: 'Catalogue: sync failed, will retry',
    syncStopped: 'Catalogue: sync stopped',
    syncProgressLabel: 'Catalogue sync progress',
    phaseProducts: 'products',
    phaseReference: 'reference data',
    phaseBundleDetails: 'bundles',
    phaseContactDetails: 'contacts',
    phaseChanges: 'changes',
    phaseSweep: 'removed products',
    waitQuota: 'daily request limit',
    waitReserve: 'keeping requests for sending work',
    waitAllowance: 'today’s sync allowance used',
    waitAuth: 'the store refused the key',
    budget: 'Requests today: {used} of {limit}',
    budgetExhausted: 'Requests today: limit reached',
    welcomeTitle: 'Welcome to Stockroom',
    welcomeText:
      'Stockroom keeps your store’s products on this PC, so you can find products and count stock even when the network is down.',
    welcomeDemoText: 'Not connected to a store yet? Try everything on a demo store that runs on this PC.',
    tryDemo: 'Try the demo store',
    startingDemo: 'Starting the demo store…',
    storeLabel: 'Store: {name}',
    searchLabel: 'Search products',
    searchPlaceholder: 'Name, SKU or barcode',
    searchHint: 'Type to search. Up and Down move through the results.',
    resultsCount: '{count} products',
    noResults: 'No product matches “{text}”.',
    waitingForCatalogue: 'The catalogue is still arriving; results will grow as it syncs.',
    columnSku: 'SKU',
    columnName: 'Name',
    columnBarcode: 'Barcode',
    columnStock: 'Stock',
    stockUnknown: '…',
    errorPrefix: 'Could not do that:',
    navLabel: 'Pages',
    navProducts: 'Products',
    navSessions: 'Count sessions',
    navMoney: 'Money',
    navOutbox: 'Outbox',
    navSettings: 'Settings',
    navStores: 'Stores',
    navContacts: 'Contacts',
    navDocuments: 'Documents',
  },
  th: {
    appName: 'Stockroom',
    switchLanguage: 'English',
    statusLabel: 'สถานะ',
    linkConnecting: 'กำลังเชื่อมต่อกับ Stockroom…',
    linkReconnecting: 'การเชื่อมต่อกับ Stockroom ขาดหาย กำลังเชื่อมต่อใหม่…',
    linkRefused: 'หน้านี้ไม่ได้เชื่อมกับ Stockroom กรุณาเปิดที่อยู่ที่ "npm run web" พิมพ์ไว้อีกครั้ง',
    connectivityUnknown: 'หลังร้าน: ยังไม่ได้ติดต่อ',
    connectivityOnline: 'หลังร้าน: ออนไลน์',
    connectivityOffline: 'หลังร้าน: ออฟไลน์ (งานถูกเก็บไว้และส่งภายหลัง)',
    connectivityPaused: 'หลังร้าน: หยุดการส่งชั่วคราว',
    syncNoProfile: 'แคตตาล็อก: ยังไม่ได้เปิดร้าน',
    syncRunning: 'แคตตาล็อก: กำลังซิงค์…',
    syncPhase: 'แคตตาล็อก: กำลังซิงค์ {phase} {done} จาก {total}',
    syncIdle: 'แคตตาล็อก: เป็นปัจจุบัน',
    syncWaiting: 'แคตตาล็อก: รอ ({reason})',
    syncWaitingPlain: 'แคตตาล็อก: รอ',
    syncFailed: 'แคตตาล็อก: ซิงค์ไม่สำเร็จ จะลองใหม่',
    syncStopped: 'แคตตาล็อก: หยุดซิงค์',
    syncProgressLabel: 'ความคืบหน้าการซิงค์แคตตาล็อก',
    phaseProducts: 'สินค้า',
    phaseReference: 'ข้อมูลอ้างอิง',
    phaseBundleDetails: 'ชุดสินค้า',
    phaseContactDetails: 'ผู้ติดต่อ',
    phaseChanges: 'รายการเปลี่ยนแปลง',
    phaseSweep: 'สินค้าที่ถูกลบ',
    waitQuota: 'ครบโควตาคำขอรายวัน',
    waitReserve: 'สำรองคำขอไว้สำหรับส่งงาน',
    waitAllowance: 'ใช้โควตาซิงค์ของวันนี้หมดแล้ว',
    waitAuth: 'ร้านปฏิเสธคีย์',
    budget: 'คำขอวันนี้: {used} จาก {limit}',
    budgetExhausted: 'คำขอวันนี้: ครบกำหนดแล้ว',
    welcomeTitle: 'ยินดีต้อนรับสู่ Stockroom',
    welcomeText: 'Stockroom เก็บสินค้าของร้านไว้ในเครื่องนี้ ค้นหาสินค้าและนับสต็อกได้แม้เครือข่ายขัดข้อง',
    welcomeDemoText: 'ยังไม่ได้เชื่อมกับร้าน? ลองใช้ทุกอย่างกับร้านตัวอย่างที่ทำงานในเครื่องนี้',
    tryDemo: 'ลองใช้ร้านตัวอย่าง',
    startingDemo: 'กำลังเปิดร้านตัวอย่าง…',
    storeLabel: 'ร้าน: {name}',
    searchLabel: 'ค้นหาสินค้า',
    searchPlaceholder: 'ชื่อ รหัสสินค้า หรือบาร์โค้ด',
    searchHint: 'พิมพ์เพื่อค้นหา ปุ่มลูกศรขึ้นลงเพื่อเลือกผลลัพธ์',
    resultsCount: '{count} รายการ',
    noResults: 'ไม่พบสินค้าที่ตรงกับ “{text}”',
    waitingForCatalogue: 'แคตตาล็อกยังมาไม่ครบ ผลลัพธ์จะเพิ่มขึ้นระหว่างซิงค์',
    columnSku: 'รหัสสินค้า',
    columnName: 'ชื่อ',
    columnBarcode: 'บาร์โค้ด',
    columnStock: 'สต็อก',
    stockUnknown: '…',
    errorPrefix: 'ทำไม่สำเร็จ:',
    navLabel: 'หน้า',
    navProducts: 'สินค้า',
    navSessions: 'รอบการนับ',
    navMoney: 'การเงิน',
    navOutbox: 'รายการรอส่ง',
    navSettings: 'ตั้งค่า',
    navStores: 'ร้านค้า',
    navContacts: 'ผู้ติดต่อ',
    navDocuments: 'เอกสาร',
  },
});

/** The keys every language has a text for. */
export type MessageKey = Parameters<typeof t>[0];
