// Demo bundles: themed sets of existing products (by sku) sold a little below the sum of their parts.
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { businessTime } from './calendar.js';
import type { ProductPool } from './product-pool.js';
import { createRandom } from '../../../src-shared/random.js';
import { priceText, shelfPrice } from './pricing.js';

export type AddBundleBody = z.input<typeof endpoints.AddBundle.body>;

export interface GeneratedBundle {
  readonly body: AddBundleBody;
  /** When the bundle was made (the sandbox clock for AddBundle). */
  readonly at: number;
  /** v4 cannot disable a bundle, so an inactive one is set through seed support. */
  readonly active: boolean;
}

const themes: readonly { readonly name: string; readonly categories: readonly string[] }[] = [
  { name: 'ชุดอาหารเช้า', categories: ['นมและผลิตภัณฑ์นม', 'เบเกอรี่', 'กาแฟและชา'] },
  { name: 'ชุดของขวัญปีใหม่', categories: ['ขนมหวานและลูกอม', 'กาแฟและชา', 'ขนมขบเคี้ยว'] },
  { name: 'ชุดทำความสะอาดบ้าน', categories: ['ผลิตภัณฑ์ทำความสะอาด', 'ของใช้ในบ้าน', 'ผลิตภัณฑ์ซักผ้า'] },
  { name: 'ชุดดูแลผิวและผม', categories: ['ผลิตภัณฑ์ดูแลผิว', 'ผลิตภัณฑ์ดูแลเส้นผม', 'ผลิตภัณฑ์ดูแลช่องปาก'] },
  { name: 'ชุดเครื่องเขียนเปิดเทอม', categories: ['เครื่องเขียน'] },
  { name: 'ชุดครัวไทย', categories: ['เครื่องปรุงรส', 'ข้าวและธัญพืช', 'บะหมี่และเส้น'] },
  { name: 'ชุดคุณแม่มือใหม่', categories: ['แม่และเด็ก'] },
  { name: 'ชุดน้องแมวน้องหมา', categories: ['อาหารสัตว์เลี้ยง'] },
  { name: 'ชุดปาร์ตี้', categories: ['เครื่องดื่ม', 'ขนมขบเคี้ยว'] },
  { name: 'ชุดยังชีพ', categories: ['อาหารกระป๋อง', 'บะหมี่และเส้น', 'เครื่องดื่ม'] },
];
const editions = ['ประหยัด', 'พรีเมียม'];
const INACTIVE_EVERY = 9;

/** Bundles in creation order: BDL-0001 is the oldest. */
export function generateBundles(seed: string, pool: ProductPool, anchor: number): GeneratedBundle[] {
  const random = createRandom(seed, 'bundles');
  const drafts: Omit<GeneratedBundle, 'active'>[] = [];
  for (const edition of editions) {
    for (const theme of themes) {
      const at = businessTime(random, anchor, random.int(1, 300));
      const size = random.int(2, 4);
      let items = pool.pick(random, at, size, theme.categories);
      // A small catalogue may lack the theme's categories; any products make a bundle then.
      if (items.length < 2) items = pool.pick(random, at, size);
      if (items.length < 2) continue;
      const list = items.map((product) => ({ sku: product.body.sku, quantity: random.int(1, 3) }));
      const parts = items.reduce(
        (sum, product, index) => sum + Number(product.body.sellprice) * (list[index]?.quantity ?? 1),
        0,
      );
      const name = `${theme.name} ${edition} ${list.length} รายการ`;
      const sellprice = priceText(shelfPrice(parts * (0.85 + random.next() * 0.1), random));
      drafts.push({ body: { name, sku: '', sellprice, list }, at });
    }
  }
  return drafts
    .sort((left, right) => left.at - right.at)
    .map((draft, index) => ({
      body: { ...draft.body, sku: `BDL-${String(index + 1).padStart(4, '0')}` },
      at: draft.at,
      active: (index + 1) % INACTIVE_EVERY !== 0,
    }));
}
