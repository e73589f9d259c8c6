// Stored product lines as the v4 line records (ReturnPurchaseOrderProduct, QuotationProduct) show them.
import type { DocumentLineRow } from './document-lines.repository.js';

/** ReturnPurchaseOrderProduct (and the shared part of QuotationProduct). */
export interface LineView {
  readonly productid: number;
  readonly sku: string;
  readonly name: string;
  readonly number: number;
  readonly unittext: string;
  readonly pricepernumber: number;
  readonly pricepernumber_pretax: number;
  readonly pricepernumber_vat: number;
  readonly discount: string;
  readonly discountamount: number;
  readonly discountamount_pretax: number;
  readonly discountamount_vat: number;
  readonly totalprice: number;
  readonly totalprice_pretax: number;
  readonly totalprice_vat: number;
}

export function presentLine(row: DocumentLineRow): LineView {
  return {
    productid: row.productid,
    sku: row.sku,
    name: row.name,
    number: row.number,
    unittext: row.unittext,
    pricepernumber: row.pricepernumber,
    pricepernumber_pretax: row.pricepernumber_pretax,
    pricepernumber_vat: row.pricepernumber_vat,
    discount: row.discount,
    discountamount: row.discountamount,
    discountamount_pretax: row.discountamount_pretax,
    discountamount_vat: row.discountamount_vat,
    totalprice: row.totalprice,
    totalprice_pretax: row.totalprice_pretax,
    totalprice_vat: row.totalprice_vat,
  };
}
