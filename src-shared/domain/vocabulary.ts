// Every enumeration of the app, declared once. Zod schemas (src-shared/ipc/schemas), main's services and
// the page import these lists; SQL CHECK constraints in the migrations repeat them on purpose (a
// migration is frozen history and must not change when a list grows).

/** A real store's back office, or the embedded sandbox with its demo store. */
export const PROFILE_KINDS = ['store', 'demo'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** What a count line does when the server's figure moved between counting and sending. */
export const DRIFT_POLICIES = ['keepDifference', 'keepCounted', 'ask'] as const;
export type DriftPolicy = (typeof DRIFT_POLICIES)[number];

export const SESSION_STATES = ['open', 'committed', 'discarded'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** An unknown scanned code: still to resolve, given to a product, or dropped at commit. */
export const UNKNOWN_CODE_STATES = ['open', 'resolved', 'discarded'] as const;
export type UnknownCodeState = (typeof UNKNOWN_CODE_STATES)[number];

/** Products with stock that nobody counted: left alone, or counted as 0 at commit. */
export const NOT_COUNTED_CHOICES = ['leave', 'zero'] as const;
export type NotCountedChoice = (typeof NOT_COUNTED_CHOICES)[number];

export const COUNT_EVENT_KINDS = ['scan', 'adjust', 'set'] as const;
export type CountEventKind = (typeof COUNT_EVENT_KINDS)[number];

export const REVIEW_FILTERS = ['all', 'variance', 'notCounted', 'unknown', 'drifted'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/**
 * What a count session covers: the whole warehouse, chosen categories, or a list of products. Products
 * outside it are never set to 0 at commit and never listed as not counted.
 */
export const COUNT_SCOPE_KINDS = ['warehouse', 'categories', 'products'] as const;
export type CountScopeKind = (typeof COUNT_SCOPE_KINDS)[number];

/** The order of `counting.lines`: as first counted, or the line counted last first (the counting page). */
export const LINE_ORDERS = ['firstCounted', 'lastCounted'] as const;
export type LineOrder = (typeof LINE_ORDERS)[number];

/**
 * What resolving an unknown code does with the code itself: nothing (the page decides, as before), keep
 * it on this PC as another code for the product (an alias: nothing sent, the barcode stays), or queue
 * it as the product's barcode (replacing the one it has, for the whole store).
 */
export const KEEP_CODE_CHOICES = ['none', 'alias', 'barcode'] as const;
export type KeepCodeChoice = (typeof KEEP_CODE_CHOICES)[number];

/** A line marked for a blind recount: which of its two counts the commit sends. */
export const RECOUNT_CHOICES = ['first', 'recount'] as const;
export type RecountChoice = (typeof RECOUNT_CHOICES)[number];

/** Why an alias in an imported file was not taken (the file's other aliases still are). */
export const ALIAS_IMPORT_SKIPS = [
  'unknown-product',
  'code-is-a-barcode',
  'alias-of-another-product',
] as const;
export type AliasImportSkip = (typeof ALIAS_IMPORT_SKIPS)[number];

/** An outbox operation's life: see src-main/outbox (ARCHITECTURE.md, "The outbox"). */
export const OPERATION_STATES = [
  'pending',
  'sending',
  'done',
  'retry',
  'unclear',
  'parked',
  'discarded',
] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/** The two finance documents of the v4 interface that carry lines, VAT and payments. */
export const MONEY_DOCUMENT_KINDS = ['income', 'expense'] as const;
export type MoneyDocumentKind = (typeof MONEY_DOCUMENT_KINDS)[number];

/** How a document's prices are meant (the wire's vattype 1, 2, 3). */
export const MONEY_VAT_CHOICES = ['noVat', 'excludeVat', 'includeVat'] as const;
export type MoneyVatChoice = (typeof MONEY_VAT_CHOICES)[number];

/**
 * Where a record or payment written on this PC stands: its outbox operation is still to go (or waits
 * for the create it depends on), was applied, waits for a person (parked), or was discarded by one.
 */
export const SEND_STATES = ['waitingToSend', 'sent', 'needsAttention', 'discarded'] as const;
export type SendState = (typeof SEND_STATES)[number];

/** A quotation's status as the back office words it (GetQuotations' status codes 0 and 1 are the first two). */
export const QUOTATION_STATUSES = ['Pending', 'Success', 'Voided'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** The writes on a quotation, as its detail lists them in its chain (create first). */
export const QUOTATION_WRITES = [
  'create',
  'editInfo',
  'edit',
  'approve',
  'void',
  'addTag',
  'removeTag',
] as const;
export type QuotationWrite = (typeof QUOTATION_WRITES)[number];

/** True when `value` is one of `allowed` (narrows a string read from SQLite or the wire). */
export function isOneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value);
}

/**
 * The shortest contact code: the back office's keyword search (GetContacts), which finds a contact made
 * here again by its code after an unclear failure, needs 3 characters (WRITES.md).
 */
export const CONTACT_CODE_MIN = 3;
