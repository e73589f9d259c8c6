// Issue 12's calls on one product besides its core fields: replacing its picture (shown at once on this
// PC, uploaded by the outbox) and its serial numbers per warehouse (added and removed here; v4 has no
// read of a product's serials, so the list is what THIS PC did, with the back office's per-serial
// results).
import { z } from 'zod';
import { PICTURE_TYPES, SEND_STATES, SERIAL_RESULTS } from '../../domain/vocabulary.js';
import { MAX_PICTURE_BYTES, MAX_SERIAL_LENGTH } from '../../domain/limits.js';
import { epochMs, productRef, requiredText, rowId } from './common.js';

export { MAX_PICTURE_BYTES, MAX_SERIAL_LENGTH };
/** Its base64 text (4 characters per 3 bytes). */
export const MAX_PICTURE_BASE64 = Math.ceil(MAX_PICTURE_BYTES / 3) * 4;
/** Most serial numbers one call adds. */
export const MAX_SERIALS_PER_CALL = 200;

export const pictureUpload = z.object({
  operationId: rowId,
  sendState: z.enum(SEND_STATES),
  /** Why it needs a person (parked), in the outbox's words. */
  problem: z.string().nullable(),
});
export type PictureUpload = z.output<typeof pictureUpload>;

export const serialEntry = z.object({
  name: z.string(),
  /** The warehouse an add named; '' for a removal (v4's DeleteSerialNo names none). */
  warehouseCode: z.string(),
  action: z.enum(['add', 'remove']),
  operationId: rowId,
  at: epochMs,
  result: z.enum(SERIAL_RESULTS),
  /** The back office's description (a refusal, a duplicate) or why it waits for a person. */
  text: z.string().nullable(),
});
export type SerialEntry = z.output<typeof serialEntry>;

const serialName = z
  .string()
  .trim()
  .min(1, { error: 'is empty' })
  .max(MAX_SERIAL_LENGTH, { error: `must be at most ${MAX_SERIAL_LENGTH} characters` });

export const productExtraCalls = {
  /**
   * Replaces the product's picture: `dataBase64` (≤ 2 MB, JPEG, PNG or WebP; the bytes are checked, not
   * only `type`). Main keeps a copy in the store's folder and shows it at once; the upload is queued
   * (UpdateProductImage). Refusals: 'invalid-arguments' naming `dataBase64` or `type`; 'not-found'.
   */
  'catalogue.replaceImage': {
    args: z.strictObject({
      productId: productRef,
      fileName: requiredText(200),
      type: z.enum(PICTURE_TYPES),
      dataBase64: z.string().min(1).max(MAX_PICTURE_BASE64),
    }),
    result: pictureUpload,
    reasons: ['bad-picture', 'create-discarded'],
  },
  /** The picture chosen on this PC and not yet shown by the back office: its upload; null when none. */
  'catalogue.pictureUpload': {
    args: z.strictObject({ productId: productRef }),
    result: pictureUpload.nullable(),
  },
  /** The serial numbers this PC added or removed on the product, the latest action per serial first. */
  'serials.list': {
    args: z.strictObject({ productId: productRef }),
    result: z.array(serialEntry),
  },
  /**
   * Adds serial numbers in one warehouse (queued: AddSerialNo). A name repeated in the call or already
   * added here and not removed since refuses with 'invalid-arguments' (issues name `names.N`); nothing
   * is queued then. Answers the product's list.
   */
  'serials.add': {
    args: z.strictObject({
      productId: productRef,
      warehouseCode: requiredText(64),
      names: z.array(serialName).min(1).max(MAX_SERIALS_PER_CALL),
    }),
    result: z.array(serialEntry),
    reasons: ['create-discarded', 'repeated'],
  },
  /** Removes one serial number from the product (queued: DeleteSerialNo). Answers the product's list. */
  'serials.remove': {
    args: z.strictObject({ productId: productRef, name: serialName }),
    result: z.array(serialEntry),
    reasons: ['create-discarded'],
  },
} as const;
