// What the back office itself says a product's stock is (a fresh v4 client, one GetProducts call).
import { BackofficeClient } from '../../../src-main/backoffice/index.js';

export async function serverStock(
  target: { baseUrl: string; storename: string; apikey: string; apisecret: string },
  warehouseCode: string,
  productId: number,
): Promise<number> {
  const client = new BackofficeClient({
    baseUrl: target.baseUrl,
    credentials: { storename: target.storename, apikey: target.apikey, apisecret: target.apisecret },
  });
  try {
    const answer = await client.call('GetProducts', {
      query: { warehousecode: warehouseCode, limit: 1, page: 1 },
      headers: { productidlist: [productId] },
    });
    const product = answer.list[0];
    if (product === undefined) throw new Error(`The server has no product ${productId}`);
    return Number(product.stock);
  } finally {
    await client.close();
  }
}
