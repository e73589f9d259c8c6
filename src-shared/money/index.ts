// Money for the v4 interface: satang rounding, Thai VAT by vattype, discount texts, document arithmetic.
export { roundMoney, toSatang, fromSatang, moneyMatches, formatMoney, MONEY_TOLERANCE } from './rounding.js';
export {
  VAT_RATE,
  VAT_TYPE,
  VAT_TYPE_NAMES,
  isVatType,
  vatChoiceOf,
  vatTwins,
  type VatType,
  type VatTwins,
} from './vat.js';
export {
  parseDiscount,
  formatDiscount,
  discountValue,
  NO_DISCOUNT,
  type Discount,
  type DiscountParse,
} from './discount.js';
export type {
  DocumentInput,
  DocumentLineInput,
  DocumentDraft,
  DocumentDraftLine,
  ComputedDocument,
  ComputedLine,
  ComputedFigures,
  DocumentError,
  DocumentResult,
} from './document-types.js';
export { priceDocument } from './price-document.js';
export { computeDocument } from './compute-document.js';
export { paymentStatus, PAYMENT_STATUSES, type PaymentStatus } from './payment-status.js';
export { thaiBahtWords, thaiBahtWordsOfSatang, thaiNumberWords, ThaiWordsError } from './thai-baht-words.js';
