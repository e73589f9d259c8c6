// Products made and changed on this PC (issue 12). Each change is stored in the local catalogue at once
// — a new product as a row with a local id (≤ −1) that searches, scans and counts like any other — and
// queued in the outbox in the same transaction; a pull never overwrites a change still on its way, and
// a product made here moves to its server id with everything that names it (product-identity.ts). The
// checks are the form's own (src-shared/products), plus what only the catalogue knows: a sku or
// barcode another product has.
import type { Database } from 'better-sqlite3';
import { Product, type ProductRecord } from '../../src-shared/api/records.js';
import { normaliseScannedCode } from '../../src-shared/barcode/index.js';
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { IpcIssue } from '../../src-shared/ipc/result.js';
import {
  addProductBody,
  checkProductFields,
  figureOf,
  updateProductBody,
  withUpdate,
  type EditableProductFields,
  type ProductFieldIssue,
  type ProductFields,
} from '../../src-shared/products/index.js';
import { PURCHASE_VAT_STATUSES, SELL_VAT_STATUSES } from '../../src-shared/domain/vocabulary.js';
import { localProductId } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { CatalogueLookup } from './catalogue-lookup.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import type { WriteTarget } from '../outbox/index.js';
import { productWriteTarget, type ProductUsageSource, type ProductWrites } from './product-writes.js';

export interface ProductEditsOptions {
  readonly db: Database;
  readonly repository: CatalogueRepository;
  readonly lookup: CatalogueLookup;
  readonly writes: ProductWrites;
  readonly usage: ProductUsageSource;
  /** This PC's name: the proposed skus start with it, so two PCs never propose the same one. */
  readonly pcName: string;
  readonly now: () => number;
}

function refuseFields(issues: readonly ProductFieldIssue[], prefix: string): never {
  const conflict = issues.every((issue) => issue.problem === 'skuTaken' || issue.problem === 'barcodeTaken');
  const fields: IpcIssue[] = issues.map((issue) => ({
    path: `${prefix}.${issue.field}`,
    message: issue.problem,
  }));
  const words = issues.map((issue) => `${issue.field}: ${issue.problem}`).join('; ');
  throw new Refusal(conflict ? 'conflict' : 'invalid-arguments', `The product was not saved (${words}).`, {
    reason: 'product-fields',
    issues: fields,
  });
}

/** "WH01" from a PC called "wh-01.store.local": letters and digits, upper case, at most 6. */
function pcTag(pcName: string): string {
  const tag = pcName
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  return tag === '' ? 'PC' : tag;
}

export class ProductEdits {
  readonly #o: ProductEditsOptions;

  constructor(options: ProductEditsOptions) {
    this.#o = options;
  }

  /** `<PC>-N0001`, the next of this PC's sequence that no product of the catalogue has. */
  proposeSku(): CallValue<'catalogue.proposeSku'> {
    const tag = pcTag(this.#o.pcName);
    for (let next = this.#o.repository.localWrites.createCount() + 1; ; next += 1) {
      const sku = `${tag}-N${String(next).padStart(4, '0')}`;
      if (this.#o.lookup.findBySku(sku) === undefined) return { sku };
    }
  }

  createProduct(fields: ProductFields): CallValue<'catalogue.createProduct'> {
    const category = this.#category(fields.categoryId);
    const issues = [...checkProductFields(fields, { checkSku: true }), ...this.#taken(fields, undefined)];
    if (issues.length > 0) refuseFields(issues, 'fields');
    const body = addProductBody(fields, category?.name ?? null);
    const now = this.#o.now();
    return this.#o.db.transaction(() => {
      const { operationId } = this.#o.writes.enqueue({ kind: 'addProduct', body });
      const productId = localProductId(operationId);
      // Through the record schema: the row is read back as any pulled product is.
      const record = Product.parse({
        ...body,
        id: productId,
        active: true,
        producttype: 0,
        ...(category === undefined ? {} : { categoryid: category.id }),
        properties: fields.properties.map((property) => ({ name: property.name, value: property.value })),
      });
      this.#o.repository.putProduct(record, now);
      this.#o.repository.localWrites.record(operationId, productId, 'create', now);
      return { productId, operationId };
    })();
  }

  updateProduct(productId: number, fields: EditableProductFields): CallValue<'catalogue.updateProduct'> {
    const record = this.#editable(productId);
    const category = this.#category(fields.categoryId);
    const currentBarcode = record.barcode ?? '';
    const barcodeChanged = normaliseScannedCode(fields.barcode) !== normaliseScannedCode(currentBarcode);
    const issues = [
      ...checkProductFields(
        { ...fields, sku: record.sku ?? '', properties: [] },
        { checkSku: false, currentBarcode },
      ),
      ...this.#taken({ sku: '', barcode: barcodeChanged ? fields.barcode : '' }, productId),
    ];
    if (issues.length > 0) refuseFields(issues, 'fields');
    const body = updateProductBody(record, fields, category?.name ?? null);
    if (Object.keys(body).length === 0) return { operationId: null };
    const now = this.#o.now();
    return this.#o.db.transaction(() => {
      const { operationId } = this.#o.writes.enqueue({
        kind: 'updateProduct',
        target: this.#target(productId),
        args: { body },
      });
      this.#o.repository.putProduct(withUpdate(record, body, category?.id ?? null), now);
      this.#o.repository.localWrites.record(operationId, productId, 'update', now);
      return { operationId };
    })();
  }

  setProductActive(productId: number, active: boolean): CallValue<'catalogue.setProductActive'> {
    const record = this.#editable(productId);
    if ((record.active !== false) === active) return { operationId: null };
    const now = this.#o.now();
    return this.#o.db.transaction(() => {
      const kind = active ? 'activateProduct' : 'disableProduct';
      const { operationId } = this.#o.writes.enqueue({ kind, target: this.#target(productId), args: {} });
      this.#o.repository.putProduct({ ...record, active }, now);
      this.#o.repository.localWrites.record(operationId, productId, active ? 'activate' : 'disable', now);
      return { operationId };
    })();
  }

  productUsage(productId: number): CallValue<'catalogue.productUsage'> {
    this.#record(productId);
    return {
      queuedStockWrites: this.#o.usage.queuedStockWrites(productId),
      openCounts: this.#o.usage.openCountsHolding(productId),
    };
  }

  /** The row stays, shown as being deleted, until the write is done (then the catalogue drops it). */
  deleteProduct(productId: number): CallValue<'catalogue.deleteProduct'> {
    this.#editable(productId);
    const now = this.#o.now();
    return this.#o.db.transaction(() => {
      const { operationId } = this.#o.writes.enqueue({
        kind: 'deleteProduct',
        target: this.#target(productId),
        args: {},
      });
      this.#o.repository.localWrites.record(operationId, productId, 'delete', now);
      return { operationId };
    })();
  }

  productFields(productId: number): CallValue<'catalogue.productFields'> {
    const record = this.#record(productId);
    const { localWrites } = this.#o.repository;
    const figure = (value: string | undefined) => figureOf(value) ?? null;
    const changes = localWrites.changes(productId);
    return {
      productId,
      name: record.name ?? '',
      sku: record.sku ?? '',
      barcode: record.barcode ?? '',
      sellprice: figure(record.sellprice),
      purchaseprice: figure(record.purchaseprice),
      unittext: record.unittext ?? '',
      categoryId: record.categoryid ?? null,
      categoryName: record.category ?? null,
      sellVatStatus: isOneOfNumber(SELL_VAT_STATUSES, record.sell_vat_status),
      purchaseVatStatus: isOneOfNumber(PURCHASE_VAT_STATUSES, record.purchase_vat_status),
      weight: figure(record.weight),
      width: figure(record.width),
      length: figure(record.length),
      height: figure(record.height),
      properties: (record.properties ?? []).map((property) => ({
        name: property.name ?? '',
        value: property.value ?? '',
      })),
      tags: [...(record.tag ?? [])],
      active: record.active !== false,
      madeHere: productId < 0,
      sendState: localWrites.sendStates([productId]).get(productId) ?? null,
      deleting: localWrites.deleting(productId),
      changes,
    };
  }

  #target(productId: number): WriteTarget {
    return productWriteTarget(this.#o.repository.localWrites, productId);
  }

  #record(productId: number): ProductRecord {
    const record = this.#o.repository.storedRecord(productId);
    if (record === undefined) throw Refusal.notFound(`No product ${productId} in the local catalogue.`);
    return record;
  }

  /** A product that may still change: held, and not being deleted. */
  #editable(productId: number): ProductRecord {
    const record = this.#record(productId);
    if (this.#o.repository.localWrites.deleting(productId)) {
      throw Refusal.conflict(
        `Product ${record.sku ?? productId} is being deleted; it cannot change.`,
        'deleting',
      );
    }
    return record;
  }

  #category(categoryId: number | null): { id: number; name: string } | undefined {
    if (categoryId === null) return undefined;
    const category = this.#o.repository.categories().find((item) => item.id === categoryId);
    if (category === undefined) {
      throw Refusal.field(
        'fields.categoryId',
        'unknown',
        undefined,
        `No category ${categoryId} in the local catalogue.`,
      );
    }
    return category;
  }

  /** The sku (when given) and barcode another product of the catalogue already has. */
  #taken(fields: { sku: string; barcode: string }, self: number | undefined): ProductFieldIssue[] {
    const issues: ProductFieldIssue[] = [];
    const sku = fields.sku.trim();
    if (sku !== '' && this.#o.lookup.findBySku(sku) !== undefined)
      issues.push({ field: 'sku', problem: 'skuTaken' });
    const barcode = normaliseScannedCode(fields.barcode);
    const holder =
      barcode === ''
        ? undefined
        : (this.#o.lookup.findByBarcode(barcode) ?? this.#o.lookup.findByPendingBarcode(barcode));
    if (holder !== undefined && holder.id !== self)
      issues.push({ field: 'barcode', problem: 'barcodeTaken' });
    return issues;
  }
}

function isOneOfNumber<T extends number>(allowed: readonly T[], value: number | undefined): T | null {
  return value !== undefined && (allowed as readonly number[]).includes(value) ? (value as T) : null;
}
