// The warehouse writes of the write-kind table: AddWarehouse, a keyless create read back by its code
// (the app checks a new code unique and at least 3 characters long before queueing it).
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { CreatedReadBack } from './write-rows.js';
import { keylessCreate } from './write-rows.js';
import { ADD_WAREHOUSE_KIND } from '../core/stock-line-key.js';

const PAGE = 500;

/** The warehouse with this code on the back office (GetWarehouses has no code filter: every page). */
export async function findWarehouseByCode(
  client: BackofficeCaller,
  body: { readonly code: string; readonly name: string; readonly address?: string | undefined },
): Promise<CreatedReadBack> {
  const code = body.code.trim();
  for (let page = 1; ; page++) {
    const answer = await client.call('GetWarehouses', { query: { limit: PAGE, page } });
    const found = answer.list.find((warehouse) => (warehouse.code ?? '').trim() === code);
    if (found !== undefined) {
      const name = (found.name ?? '').trim();
      return name === body.name.trim()
        ? { found: 'same', id: found.id }
        : { found: 'different', id: found.id, held: `the name “${name}”` };
    }
    if (answer.list.length < PAGE) return { found: 'none' };
  }
}

export const warehouseRows = {
  [ADD_WAREHOUSE_KIND]: keylessCreate({
    endpoint: 'AddWarehouse',
    record: 'warehouse',
    findCreated: findWarehouseByCode,
    describe: (body) => `New warehouse ${body.code.trim()} — ${body.name.trim()}`,
  }),
};
