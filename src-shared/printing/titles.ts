// The kinds of printed documents and the titles they print under: plain lists (no zod), so the page
// imports them without the contract's schemas.

/** The documents that print with a store header, a party, lines and a VAT breakdown. */
export const PRINT_DOCUMENT_KINDS = ['quotation', 'returnPurchaseOrder', 'income', 'expense'] as const;
export type PrintDocumentKind = (typeof PRINT_DOCUMENT_KINDS)[number];

/**
 * The titles a document prints under. An income or expense takes the one the person picks (as the back
 * office's own web app offers); a quotation and a return purchase order have their own.
 */
export const PRINT_TITLES = [
  'quotation',
  'returnPurchaseOrder',
  'receipt',
  'taxInvoiceReceipt',
  'invoice',
  'paymentVoucher',
  'expenseVoucher',
  'substituteReceipt',
] as const;
export type PrintTitle = (typeof PRINT_TITLES)[number];

/** The titles each kind may print under; the first is the default. */
export const TITLES_OF_KIND = {
  quotation: ['quotation'],
  returnPurchaseOrder: ['returnPurchaseOrder'],
  income: ['receipt', 'taxInvoiceReceipt', 'invoice'],
  expense: ['paymentVoucher', 'expenseVoucher', 'substituteReceipt'],
} as const satisfies Record<PrintDocumentKind, readonly [PrintTitle, ...PrintTitle[]]>;

/** The titles a person may pick for an income or expense. */
export const MONEY_PRINT_TITLES = [...TITLES_OF_KIND.income, ...TITLES_OF_KIND.expense] as const;
export type MoneyPrintTitle = (typeof MONEY_PRINT_TITLES)[number];

export function titleFitsKind(title: PrintTitle, kind: PrintDocumentKind): boolean {
  return (TITLES_OF_KIND[kind] as readonly PrintTitle[]).includes(title);
}
