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
  /** Starts with SHELF-, the prefix only shelf labels carry (src-shared/barcode/shelf-code.ts). */
  'code-is-a-shelf',
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

/** Why stock was adjusted outside a count (v4 has no field for it: it stays on this PC and in its export). */
export const STOCK_MOVE_REASONS = ['damaged', 'expired', 'lost', 'found', 'sample', 'other'] as const;
export type StockMoveReason = (typeof STOCK_MOVE_REASONS)[number];

/**
 * A stock move made on this PC: an increase or decrease in one warehouse (with a reason), a transfer
 * between two (a decrease in one, an increase in the other), or a new available-stock figure.
 */
export const STOCK_MOVE_KINDS = ['increase', 'decrease', 'transfer', 'setAvailable'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** The refusal reason of a decrease past the expected stock (the page asks, then sends it confirmed). */
export const BELOW_EXPECTED_STOCK = 'below-expected-stock';
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
/** A return purchase order's status (spec: "Return purchase order status"). */
export const RETURN_ORDER_STATUSES = [
  'Pending',
  'Waiting',
  'Shipping',
  'Success',
  'Partial Transfer',
  'Voided',
] as const;
export type ReturnOrderStatus = (typeof RETURN_ORDER_STATUSES)[number];

/** The statuses a person may move a return purchase order to (UpdateReturnPurchaseOrderStatus). */
export const RETURN_STATUS_TARGETS = ['Waiting', 'Shipping', 'Success'] as const;
export type ReturnStatusTarget = (typeof RETURN_STATUS_TARGETS)[number];

/** The writes made on a return purchase order after its create (return_order_writes.action). */
export const RETURN_WRITE_ACTIONS = [
  'status',
  'payment',
  'voidPayment',
  'void',
  'addTag',
  'removeTag',
] as const;
export type ReturnWriteAction = (typeof RETURN_WRITE_ACTIONS)[number];
/** The records files are attached to (issue 11): the v4 Order, PurchaseOrder and Quotation. */
export const ATTACHMENT_RECORD_KINDS = ['order', 'purchaseOrder', 'quotation'] as const;
export type AttachmentRecordKind = (typeof ATTACHMENT_RECORD_KINDS)[number];

/** Why a file cannot be attached; the page words each in its own language. */
export const ATTACHMENT_REFUSALS = [
  'file-empty',
  'file-too-large',
  'file-type-not-allowed',
  'file-content-mismatch',
] as const;
export type AttachmentRefusal = (typeof ATTACHMENT_REFUSALS)[number];

/** How the page shows an opened file: in the page (an image, or a PDF's pages drawn), or saved to disk. */
export const ATTACHMENT_VIEWS = ['image', 'save', 'pdf'] as const;
export type AttachmentView = (typeof ATTACHMENT_VIEWS)[number];
/**
 * Why a file from the back office is only offered for saving, with a warning (issue 21): its name or
 * bytes say it runs (a program, installer, script, shortcut or HTML page), its extension is not on the
 * attachment allow-list, or its bytes are not what its name says.
 */
export const RECEIVED_FILE_WARNINGS = ['runnable', 'unknownType', 'contentMismatch'] as const;
export type ReceivedFileWarning = (typeof RECEIVED_FILE_WARNINGS)[number];
/** v4's sell_vat_status of a product: 0 Undefined, 1 No VAT, 2 Has VAT, 3 VAT 0%. */
export const SELL_VAT_STATUSES = [0, 1, 2, 3] as const;
export type SellVatStatus = (typeof SELL_VAT_STATUSES)[number];
/** v4's purchase_vat_status of a product: 0 Undefined, 1 No VAT, 2 Has VAT. */
export const PURCHASE_VAT_STATUSES = [0, 1, 2] as const;
export type PurchaseVatStatus = (typeof PURCHASE_VAT_STATUSES)[number];

/** A change to a product made on this PC, each one outbox write (AddProduct … DeleteProduct). */
export const PRODUCT_CHANGES = ['create', 'update', 'activate', 'disable', 'delete'] as const;
export type ProductChange = (typeof PRODUCT_CHANGES)[number];

/**
 * What became of a serial number this PC added or removed (issue 12): waiting in the outbox; added;
 * already on the product (the back office named it a duplicate: a first clear answer); on the product
 * after a lost answer (a resend found it there: ours or older, the end state is the same); removed;
 * refused by the back office (its description says why); waits for a person; discarded by one.
 */
export const SERIAL_RESULTS = [
  'waiting',
  'added',
  'duplicate',
  'alreadyThere',
  'removed',
  'refused',
  'needsAttention',
  'discarded',
] as const;
export type SerialResult = (typeof SERIAL_RESULTS)[number];

/** A bundle's sell_vat_status (v4: 0 Undefined, 1 No Vat, 2 Have Vat, 3 Vat 0%, 4 Use Product Vat). */
export const BUNDLE_VAT_STATUSES = [0, 1, 2, 3, 4] as const;
export type BundleVatStatus = (typeof BUNDLE_VAT_STATUSES)[number];

/** Picture types a product picture may be uploaded as. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** The languages every word a person sees comes in. */
export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
