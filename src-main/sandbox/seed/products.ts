// The demo catalogue: AddProduct bodies plus what AddProduct cannot carry (variation membership, stock
// per warehouse, active flag, creation instant). Products are drawn one after another from one random
// stream and nothing drawn depends on the count, so a smaller catalogue is a prefix of a larger one.
import type { z } from 'zod';
import { ean13FromPrefix } from '../../../src-shared/barcode/index.js';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { CategoryTemplate, PropertyTemplate, SizeOption } from './data/catalogue-types.js';
import { groceryCategories } from './data/catalogue-groceries.js';
import { householdCategories, serviceCategory } from './data/catalogue-household.js';
import { variationTemplates, type VariationTemplate } from './data/variation-templates.js';
import { brands } from './data/brands.js';
import { createRandom, type Random } from '../../../src-shared/random.js';
import { priceText, purchasePrice, shelfPrice } from './pricing.js';
import { creationTime, generateStock, type StockByWarehouse } from './stock.js';

export type AddProductBody = z.input<typeof endpoints.AddProduct.body>;

/** One attribute value of a product in a variation (Variant without its id, which the store assigns). */
export interface VariantValue {
  readonly variantname: string;
  readonly name: string;
}

export interface ProductFacts {
  readonly active: boolean;
  /** Epoch ms; increases with the product's position, so earlier products get lower ids. */
  readonly createdAt: number;
  readonly stock: StockByWarehouse;
  /** `index` points into Catalogue.variations. */
  readonly variation?: { readonly index: number; readonly variant: readonly VariantValue[] };
}

export interface GeneratedProduct {
  readonly body: AddProductBody;
  readonly facts: ProductFacts;
}

export interface GeneratedVariation {
  readonly sku: string;
  readonly name: string;
  /** Every value offered, attribute by attribute: the store gives each one a variant id. */
  readonly variants: readonly VariantValue[];
}

export interface Catalogue {
  readonly products: readonly GeneratedProduct[];
  readonly variations: readonly GeneratedVariation[];
  /** Every category name products may carry. */
  readonly categories: readonly string[];
}

export interface CatalogueOptions {
  readonly seed: string;
  readonly count: number;
  /** The store's "now" (epoch ms): products are created over the two years before it. */
  readonly anchor: number;
}

/** Barcodes are 885 (GS1 Thailand) + nine digits that index → digits permutes; above this they repeat. */
export const MAX_PRODUCTS = 1_000_000;

const categories: readonly CategoryTemplate[] = [...groceryCategories, ...householdCategories];
const categoryWeights = categories.map((category) => category.weight);
const SHARE_STARTING_VARIATION = 0.015;
const SHARE_SERVICES = 0.004;
const SHARE_INACTIVE = 0.03;
/** Products with a brand of their category; the rest carry one of 320 general brands, which keeps 100,000 names mostly distinct. */
const SHARE_CATEGORY_BRANDS = 0.4;
const tags = ['ขายดี', 'สินค้าใหม่', 'โปรโมชั่น', 'สินค้านำเข้า', 'ออร์แกนิก', 'สินค้าตามฤดูกาล', 'ลดราคา'];
const blurbs = ['คุณภาพดี ราคาประหยัด', 'สินค้าขายดีประจำร้าน', 'ผลิตจากวัตถุดิบคุณภาพ', 'เหมาะสำหรับทุกครอบครัว'];

/** What one product needs before its identifiers are known. */
interface Draft {
  readonly name: string;
  readonly category: string;
  readonly size: SizeOption;
  readonly sell: number;
  readonly service: boolean;
  readonly properties: readonly PropertyTemplate[];
  readonly variation?: ProductFacts['variation'];
}

export function generateCatalogue({ seed, count, anchor }: CatalogueOptions): Catalogue {
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 0 to ${MAX_PRODUCTS}, not ${count}`);
  }
  const random = createRandom(seed, 'products');
  const variations: GeneratedVariation[] = [];
  const pending: Draft[] = [];
  const products: GeneratedProduct[] = [];

  for (let index = 0; index < count; index += 1) {
    if (pending.length === 0 && random.chance(SHARE_STARTING_VARIATION)) {
      pending.push(...variationMembers(random, variations));
    }
    const draft =
      pending.shift() ?? (random.chance(SHARE_SERVICES) ? serviceDraft(random) : productDraft(random));
    const active = !random.chance(SHARE_INACTIVE);
    const body = productBody(index, draft, random);
    const stock = draft.service ? {} : generateStock(random, draft.size.unit, active);
    const createdAt = creationTime(index, count, anchor);
    const facts: ProductFacts = draft.variation
      ? { active, createdAt, stock, variation: draft.variation }
      : { active, createdAt, stock };
    products.push({ body, facts });
  }

  const names = [...categories.map((category) => category.name), serviceCategory.name];
  return { products, variations, categories: names };
}

function productDraft(random: Random): Draft {
  const category = random.weighted(categories, categoryWeights);
  const line = random.pick(category.lines);
  const size = random.pick(line.sizes);
  const ownBrand = category.ownBrandsOnly === true || random.chance(SHARE_CATEGORY_BRANDS);
  const brand = random.pick(ownBrand ? category.brands : brands);
  const variant = random.pick(line.variants);
  // One join makes one flat string; piecewise += would keep a chain of string pieces per product.
  const name = [random.pick(line.items), brand, variant, size.label].filter((word) => word !== '').join(' ');
  const base = line.price[0] + random.next() * (line.price[1] - line.price[0]);
  return {
    name,
    category: category.name,
    size,
    sell: shelfPrice(base * size.priceFactor, random),
    service: false,
    properties: category.properties,
  };
}

function serviceSize(unit: string): SizeOption {
  return { label: '', unit, weight: '0', width: '0', length: '0', height: '0', priceFactor: 1 };
}

function serviceDraft(random: Random): Draft {
  const words = [random.pick(serviceCategory.items), random.pick(serviceCategory.areas)];
  const [low, high] = serviceCategory.price;
  return {
    name: words.filter((word) => word !== '').join(' '),
    category: serviceCategory.name,
    size: serviceSize(random.pick(serviceCategory.units)),
    sell: shelfPrice(low + random.next() * (high - low), random),
    service: true,
    properties: [],
  };
}

/** Starts a variation: registers it and returns one draft per combination of its attribute values. */
function variationMembers(random: Random, variations: GeneratedVariation[]): Draft[] {
  const template: VariationTemplate = random.pick(variationTemplates);
  const baseName = `${random.pick(template.names)} ${random.pick(template.brands)}`;
  const runs = template.attributes.map((attribute) => {
    const start = random.int(0, attribute.values.length - attribute.take);
    return { attribute, values: attribute.values.slice(start, start + attribute.take) };
  });
  const index = variations.length;
  variations.push({
    sku: `VAR-${String(index + 1).padStart(5, '0')}`,
    name: baseName,
    variants: runs.flatMap(({ attribute, values }) =>
      values.map((value) => ({ variantname: attribute.name, name: value })),
    ),
  });

  let combinations: VariantValue[][] = [[]];
  for (const { attribute, values } of runs) {
    combinations = combinations.flatMap((chosen) =>
      values.map((value) => [...chosen, { variantname: attribute.name, name: value }]),
    );
  }
  const base = template.price[0] + random.next() * (template.price[1] - template.price[0]);
  const sell = shelfPrice(base, random);
  const prefixes = new Map(template.attributes.map((attribute) => [attribute.name, attribute.prefix]));
  return combinations.map((variant) => ({
    name: [baseName, ...variant.map((value) => `${prefixes.get(value.variantname) ?? ''}${value.name}`)].join(
      ' ',
    ),
    category: template.category,
    size: template.size,
    sell,
    service: false,
    properties: [],
    variation: { index, variant },
  }));
}

function productBody(index: number, draft: Draft, random: Random): AddProductBody {
  const { size } = draft;
  const sku = `SKU-${String(index + 1).padStart(6, '0')}`;
  if (draft.service) {
    const { name, category } = draft;
    const [sellprice, purchaseprice] = [priceText(draft.sell), priceText(0)];
    return { name, sku, sellprice, purchaseprice, unittext: size.unit, category, producttype: 1 };
  }
  const body: AddProductBody = {
    name: draft.name,
    sku,
    sellprice: priceText(draft.sell),
    purchaseprice: priceText(purchasePrice(draft.sell, random)),
    unittext: size.unit,
    category: draft.category,
    barcode: barcodeFor(index),
    weight: size.weight,
    width: size.width,
    length: size.length,
    height: size.height,
  };
  if (random.chance(0.25)) body.description = `${draft.name} ${random.pick(blurbs)}`;
  if (random.chance(0.15)) body.tag = random.sample(tags, random.int(1, 2));
  if (draft.properties.length > 0 && random.chance(0.25)) {
    body.properties = random
      .sample(draft.properties, random.int(1, 2))
      .map((property) => ({ name: property.name, value: random.pick(property.values) }));
  }
  return body;
}

/** A unique EAN-13 per position: an odd multiplier not divisible by 5 permutes 0..10⁹−1. */
export function barcodeFor(index: number): string {
  const digits = (index * 7_654_321 + 123_456_789) % 1_000_000_000;
  const barcode = ean13FromPrefix(`885${String(digits).padStart(9, '0')}`);
  if (barcode === undefined) throw new Error(`no EAN-13 for product ${index}`);
  return barcode;
}
