// A product made on this PC has no server id until its AddProduct is done: its catalogue row, count
// lines and stock writes name it by minus its create's operation id (≤ −1), so the id is unique, known
// in the transaction that queues the create, and says which create every write on it waits for.

/** The local id of the product an AddProduct operation makes. */
export function localProductId(createOperationId: number): number {
  return -createOperationId;
}

/** The AddProduct operation a local product id stands for; undefined for a server id. */
export function createOperationOf(productId: number): number | undefined {
  return productId < 0 ? -productId : undefined;
}

/** The write kind of AddProduct (its row: writes/product-rows.ts). */
export const ADD_PRODUCT_KIND = 'addProduct';
