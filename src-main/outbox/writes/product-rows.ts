// The product writes of the write-kind table (issue 12): AddProduct (keyless create, found again by its
// sku through the skulist header and compared on name, barcode and prices) and UpdateProduct,
// ActiveProduct, DisableProduct, DeleteProduct (absolute changes read back with GetProductDetail; a
// deleted product's detail answers "Invalid ID.", which is the state a delete reaches).
import {
  heldProduct,
  holdsCreate,
  holdsUpdate,
  showHeldProduct,
  type HeldProduct,
  type UpdateProductBody,
} from '../../../src-shared/products/index.js';
import { isInvalidId } from '../core/invalid-id.js';
import { ADD_PRODUCT_KIND } from '../core/local-products.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import { absoluteChange, keylessCreate } from './write-rows.js';

/** What GetProductDetail shows of a product, or that it has none by that id. */
export type ProductSnapshot = ({ readonly exists: true } & HeldProduct) | { readonly exists: false };

async function readProduct(client: BackofficeCaller, ref: { id: number }): Promise<ProductSnapshot> {
  try {
    const product = await client.call('GetProductDetail', { id: ref.id });
    return { exists: true, ...heldProduct(product) };
  } catch (error) {
    if (isInvalidId(error)) return { exists: false };
    throw error;
  }
}

function showSnapshot(snapshot: ProductSnapshot): string {
  return snapshot.exists ? showHeldProduct(snapshot) : 'no such product (deleted)';
}

const productWords = (name: string, sku: string) => `"${name}" (${sku})`;

/** A product write that sets a state: only the state is read back. */
function stateChange<N extends 'ActiveProduct' | 'DisableProduct' | 'DeleteProduct'>(
  endpoint: N,
  verb: string,
  reached: (snapshot: ProductSnapshot) => boolean,
) {
  return absoluteChange<N, ProductSnapshot>({
    endpoint,
    record: 'product',
    after: [ADD_PRODUCT_KIND],
    readBack: (client, ref) => readProduct(client, ref as { id: number }),
    reached,
    show: showSnapshot,
    describe: (_args, record) => `${verb} ${record}`,
  });
}

export const productRows = {
  [ADD_PRODUCT_KIND]: keylessCreate({
    endpoint: 'AddProduct',
    record: 'product',
    async findCreated(client, body) {
      const answer = await client.call('GetProducts', {
        query: { page: 1, limit: 10 },
        headers: { skulist: [body.sku] },
      });
      const found = answer.list.find((product) => (product.sku ?? '').trim() === body.sku.trim());
      if (found === undefined) return { found: 'none' };
      const held = heldProduct(found);
      return holdsCreate(held, body)
        ? { found: 'same', id: found.id }
        : { found: 'different', id: found.id, held: showHeldProduct(held) };
    },
    describe: (body) => `New product ${productWords(body.name, body.sku)}`,
  }),
  updateProduct: absoluteChange<'UpdateProduct', ProductSnapshot>({
    endpoint: 'UpdateProduct',
    record: 'product',
    after: [ADD_PRODUCT_KIND],
    readBack: readProduct,
    reached: (snapshot, args) => snapshot.exists && holdsUpdate(snapshot, bodyOf(args)),
    show: showSnapshot,
    describe: (args, record) => `Change ${record}: ${changedWords(bodyOf(args))}`,
  }),
  activateProduct: stateChange(
    'ActiveProduct',
    'Activate',
    (snapshot) => snapshot.exists && snapshot.active !== false,
  ),
  disableProduct: stateChange(
    'DisableProduct',
    'Disable',
    (snapshot) => snapshot.exists && snapshot.active === false,
  ),
  deleteProduct: stateChange('DeleteProduct', 'Delete', (snapshot) => !snapshot.exists),
};

function bodyOf(args: { readonly body?: UpdateProductBody }): UpdateProductBody {
  return args.body ?? {};
}

/** "sellprice 12.5, name …": what an UpdateProduct sets, in the order given. */
function changedWords(body: UpdateProductBody): string {
  return Object.entries(body)
    .map(([field, value]) => `${field} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}
