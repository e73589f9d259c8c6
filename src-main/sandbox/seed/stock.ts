// Stock per warehouse and creation times of demo products.
import type { Random } from '../../../src-shared/random.js';

/** The three warehouses the core seeds for a demo store: the main one, a second, a small regional one. */
export const WAREHOUSE_CODES = ['W0001', 'W0002', 'W0003'] as const;
export type WarehouseCode = (typeof WAREHOUSE_CODES)[number];

/** Quantity per warehouse; a warehouse that does not keep the product is absent. */
export type StockByWarehouse = Readonly<Partial<Record<WarehouseCode, number>>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Products are created over the two years before the store's "now". */
export const CATALOGUE_SPAN_MS = 730 * DAY_MS;

/** Goods sold by weight are counted to a tenth of a kilogram. */
export function isWeighed(unit: string | undefined): boolean {
  return unit === 'กิโลกรัม';
}

/**
 * Stock of one product: the main warehouse keeps almost everything, the second about half, the
 * regional one a few lines. Inactive products keep a remnant in the main warehouse at most.
 */
export function generateStock(random: Random, unit: string, active: boolean): StockByWarehouse {
  const weighed = isWeighed(unit);
  if (!active) return random.chance(0.5) ? { W0001: quantity(random, 5, weighed) } : {};
  const stock: Partial<Record<WarehouseCode, number>> = {};
  if (random.chance(0.92)) {
    stock.W0001 = quantity(random, random.weighted(MAIN_HIGHS, MAIN_WEIGHTS), weighed);
  }
  if (random.chance(0.55)) stock.W0002 = quantity(random, 80, weighed);
  if (random.chance(0.18)) stock.W0003 = quantity(random, 30, weighed);
  return stock;
}

/** The main warehouse: 5% out of stock, a quarter low, half moderate, a fifth in bulk. */
const MAIN_HIGHS = [0, 20, 150, 600];
const MAIN_WEIGHTS = [5, 25, 50, 20];

function quantity(random: Random, high: number, weighed: boolean): number {
  const value = random.next() * high;
  return weighed ? Math.round(value * 10) / 10 : Math.round(value);
}

/**
 * When product `index` of `count` was created: spread evenly over the two years before `anchor`, to
 * the minute, never decreasing with the index (ids follow creation order) and always before `anchor`.
 */
export function creationTime(index: number, count: number, anchor: number): number {
  const offset = ((index + 0.5) / Math.max(count, 1)) * CATALOGUE_SPAN_MS;
  return Math.floor((anchor - CATALOGUE_SPAN_MS + offset) / MINUTE_MS) * MINUTE_MS;
}
