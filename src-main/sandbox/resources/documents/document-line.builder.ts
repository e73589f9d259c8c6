// Stored lines from a body's lines: each sku resolved to a product of the store, figures computed.
import type { Database } from 'better-sqlite3';
import { validation } from '../../core/sandbox-error.js';
import { findProductRef } from '../products/stock.repository.js';
import type { DocumentLine } from './document-lines.repository.js';
import type { ComputedMoney, LineBody } from './document-money.js';

/**
 * The lines to store: each sku must be a product of the store (its id and unit are copied onto the
 * line; the name is kept as sent, as a document copies what it was given). Figures are the computed ones.
 */
export function buildLines(
  db: Database,
  storeId: number,
  lines: readonly LineBody[],
  money: ComputedMoney,
): DocumentLine[] {
  return lines.map((line, index) => {
    const sku = line.sku.trim();
    const product = findProductRef(db, storeId, { sku });
    if (!product) throw validation(`list[${index}].sku`, `${sku} is not a product of this store`);
    const computed = money.lines[index];
    if (!computed) throw new Error(`computeMoney returned no line ${index}`);
    const { figures } = computed;
    return {
      productid: product.id,
      sku: product.sku,
      name: line.name.trim() === '' ? product.name : line.name,
      number: figures.number,
      unittext: product.unittext,
      pricepernumber: figures.pricepernumber,
      pricepernumber_pretax: figures.pricepernumber_pretax,
      pricepernumber_vat: figures.pricepernumber_vat,
      discount: computed.discount,
      discountamount: figures.discountamount,
      discountamount_pretax: figures.discountamount_pretax,
      discountamount_vat: figures.discountamount_vat,
      totalprice: figures.totalprice,
      totalprice_pretax: figures.totalprice_pretax,
      totalprice_vat: figures.totalprice_vat,
    };
  });
}
