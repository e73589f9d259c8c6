// Which demo products a document, bundle or return may use: active goods (not services) that already
// existed at the document's time, optionally of given categories.
import type { GeneratedProduct } from './products.js';
import type { Random } from '../../../src-shared/random.js';

export interface ProductPool {
  /** Up to `count` distinct products created before `at` (fewer when the catalogue is small). */
  pick(random: Random, at: number, count: number, categories?: readonly string[]): GeneratedProduct[];
}

export function createProductPool(products: readonly GeneratedProduct[]): ProductPool {
  // Positions of active goods in creation order; createdAt never decreases along the catalogue.
  const usable: GeneratedProduct[] = products.filter(
    (product) => product.facts.active && product.body.producttype !== 1,
  );
  const byCategory = new Map<string, GeneratedProduct[]>();
  for (const product of usable) {
    const category = product.body.category ?? '';
    const list = byCategory.get(category) ?? [];
    list.push(product);
    byCategory.set(category, list);
  }

  return {
    pick(random, at, count, categories) {
      const lists = categories ? categories.map((name) => byCategory.get(name) ?? []) : [usable];
      const lengths = lists.map((list) => createdBefore(list, at));
      const total = lengths.reduce((sum, length) => sum + length, 0);
      // Distinct positions by rejection: documents take a handful of lines from up to 100,000 products,
      // so copying the candidates to shuffle them would cost far more than the odd repeated draw.
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, total)) chosen.add(random.int(0, total - 1));
      return [...chosen].map((position) => productAt(lists, lengths, position));
    },
  };
}

/** The product at `position` of the lists' usable prefixes laid end to end. */
function productAt(
  lists: readonly GeneratedProduct[][],
  lengths: readonly number[],
  position: number,
): GeneratedProduct {
  let rest = position;
  for (const [index, list] of lists.entries()) {
    const length = lengths[index] ?? 0;
    const product = rest < length ? list[rest] : undefined;
    if (product) return product;
    rest -= length;
  }
  throw new Error(`no product at ${position}`);
}

/** How many products of a creation-ordered list were created before `at` (binary search). */
function createdBefore(list: readonly GeneratedProduct[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle]?.facts.createdAt ?? Infinity) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}
