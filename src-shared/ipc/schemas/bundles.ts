// Bundles (issue 12): the store's bundles from the PC's local copy (pulled by the sync scheduler, so the
// list works offline) and the ones made here, which show at once. Writes go through the outbox: a
// bundle made offline is addressed by its LOCAL id (`id`) from the moment it is saved; its later edits
// wait for its create. Bad input answers 'invalid-arguments' with issues naming the field (`sku`,
// `name`, `sellprice`, `items.2.quantity`…); nothing is queued then.
import { z } from 'zod';
import { BUNDLE_VAT_STATUSES, SEND_STATES } from '../../domain/vocabulary.js';
import { MAX_BUNDLE_ITEMS, MIN_BUNDLE_SKU_LENGTH } from '../../domain/limits.js';
import { MONEY_RULE, QUANTITY_RULE } from '../../domain/typed-number.js';
import { count, pageArgs, requiredText, rowId, searchText, typedFigure } from './common.js';

export { MAX_BUNDLE_ITEMS, MIN_BUNDLE_SKU_LENGTH };

export const bundleVatStatus = z.union(BUNDLE_VAT_STATUSES.map((value) => z.literal(value)));

/** Baht, ≥ 0, at most 2 decimals (typed-number.ts). */
const price = typedFigure(MONEY_RULE);

export const bundleSummary = z.object({
  /** The local id: the bundle's address on this PC, offline too. */
  id: rowId,
  /** The back office's id; null until a bundle made here is created there. */
  serverId: z.number().nullable(),
  sku: z.string(),
  name: z.string(),
  sellprice: z.number(),
  sellVatStatus: bundleVatStatus,
  active: z.boolean(),
  /** Whole bundles the items' stock allows, as the back office last said ('' before its first pull). */
  stock: z.string(),
  availablestock: z.string(),
  /** The newest write made here on the bundle, if any: where it stands. */
  sendState: z.enum(SEND_STATES).nullable(),
  /** Why that write needs a person. */
  problem: z.string().nullable(),
});
export type BundleSummary = z.output<typeof bundleSummary>;

export const bundleItem = z.object({
  productId: z.number(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
});

export const bundleDetail = bundleSummary.extend({
  /** null: not read from the back office yet (the sync reads each bundle's items once). */
  items: z.array(bundleItem).nullable(),
});
export type BundleDetail = z.output<typeof bundleDetail>;

const itemInput = z.strictObject({
  productId: rowId,
  quantity: typedFigure(QUANTITY_RULE),
});

/** What changed the bundles copy. */
export const bundlesChanged = z.object({ source: z.enum(['pull', 'write']) });

export const bundleCalls = {
  /** Bundles whose name or sku contains `text` (all when empty), newest first; `all` counts every one. */
  'bundles.list': {
    args: z.strictObject({ text: searchText(200).default(''), ...pageArgs }),
    result: z.object({ rows: z.array(bundleSummary), total: count, all: count }),
  },
  /** One bundle by local id; 'not-found' when there is none (or it was deleted). */
  'bundles.detail': { args: z.strictObject({ bundleId: rowId }), result: bundleDetail },
  /**
   * A new bundle (queued: AddBundle). `sku` ≥ 3 characters and not any product's or bundle's sku;
   * items are catalogue products, each once. Shows in bundles.list at once.
   */
  'bundles.create': {
    args: z.strictObject({
      sku: requiredText(64),
      name: requiredText(200),
      sellprice: price,
      sellVatStatus: bundleVatStatus.nullable().default(null),
      items: z.array(itemInput).min(1, { error: 'needs at least one product' }).max(MAX_BUNDLE_ITEMS),
    }),
    result: bundleDetail,
  },
  /** Name, sell price, VAT status (queued: UpdateBundle); only what is given changes. */
  'bundles.update': {
    args: z.strictObject({
      bundleId: rowId,
      name: requiredText(200).optional(),
      sellprice: price.optional(),
      sellVatStatus: bundleVatStatus.optional(),
    }),
    result: bundleDetail,
  },
  /** Marks the bundle active (queued: ActiveBundle). */
  'bundles.activate': { args: z.strictObject({ bundleId: rowId }), result: bundleDetail },
  /** Deletes the bundle (queued: DeleteBundle); it leaves the list at once. */
  'bundles.delete': {
    args: z.strictObject({ bundleId: rowId }),
    result: z.object({ operationId: rowId }),
  },
} as const;
