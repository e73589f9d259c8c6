// AddSerialNo, DeleteSerialNo and UpdateProductImage: things attached to one product.
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { findWarehouseByCode } from '../merchant/index.js';
import { detectImageType } from '../../../../src-shared/images/image-type.js';
import { insertProductImage } from './image.repository.js';
import { requireProduct } from './product-fields.js';
import { deleteSerial, findSerialId, insertSerial } from './serial.repository.js';

interface SerialResult {
  id: string;
  name: string;
  warehouseCode: string;
  description: string;
}

export const serialImageHandlers = {
  /**
   * Each serial number is judged on its own: an unknown warehouse or a serial the product already has
   * (or that the request repeats) goes to serialsNoFailed with the reason; the others are attached.
   */
  AddSerialNo: ({ db, store, parent, body, now }) => {
    const at = now();
    const product = requireProduct(db, store.id, parent.id);
    const serialsNoSuccess: SerialResult[] = [];
    const serialsNoFailed: SerialResult[] = [];
    for (const serial of body.serialsNo) {
      const name = serial.name.trim();
      const warehouseCode = serial.warehouseCode.trim();
      const failed = (description: string) =>
        serialsNoFailed.push({ id: '', name, warehouseCode, description });
      const warehouse = findWarehouseByCode(db, store.id, warehouseCode);
      if (name === '') failed('Serial number is empty');
      else if (!warehouse) failed(`Warehouse ${warehouseCode} not found`);
      else if (findSerialId(db, store.id, product.id, name) !== undefined) {
        failed(`Serial number ${name} already exists on product ${product.sku}`);
      } else {
        const id = insertSerial(db, store.id, {
          productId: product.id,
          warehouseId: warehouse.id,
          warehouseCode: warehouse.code,
          name,
          createdAt: at,
        });
        serialsNoSuccess.push({
          id: String(id),
          name,
          warehouseCode: warehouse.code,
          description: 'Success',
        });
      }
    }
    return { payload: { serialsNoSuccess, serialsNoFailed } };
  },

  /**
   * Removes the named serial numbers. Names the product does not have are reported, not refused: the
   * outbox may resend a delete whose answer was lost, and the serial is gone either way.
   */
  DeleteSerialNo: ({ db, store, parent, body }) => {
    const product = requireProduct(db, store.id, parent.id);
    const names = [...new Set(body.serialsNo.map((name) => name.trim()))];
    const missing = names.filter((name) => !deleteSerial(db, store.id, product.id, name));
    if (missing.length === 0) return {};
    const list = missing.join(', ');
    return missing.length === names.length
      ? { description: `Success (nothing changed: product ${product.sku} has no serial ${list})` }
      : { description: `Success (not found: ${list})` };
  },

  UpdateProductImage: ({ db, store, parent, file, now }) => {
    const product = requireProduct(db, store.id, parent.id);
    const mimeType = detectImageType(file.data);
    if (!mimeType) throw validation('file', 'must be a PNG, JPEG, GIF or WebP image');
    insertProductImage(db, store.id, { productId: product.id, mimeType, data: file.data, at: now() });
    return {};
  },
} satisfies Partial<Handlers>;
