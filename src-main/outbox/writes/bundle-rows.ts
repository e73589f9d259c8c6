// Bundle writes and a product's picture in the write-kind table (issue 12).
// - AddBundle: keyless create read back through GetBundles' keyword = the sku (the app refuses a sku
//   shorter than 3 characters, the keyword's minimum), compared on name, sell price and items (one
//   GetBundleDetail of the bundle found).
// - UpdateBundle, ActiveBundle, DeleteBundle: absolute changes read back with GetBundleDetail ("Invalid
//   ID." there means the bundle is gone: what a delete sets).
// - UpdateProductImage: read back with GetProductDetail's imagepath. The shape is a delta, not an
//   absolute change: a snapshot cannot tell "our picture" from another (the back office names each
//   upload anew), only "changed since before sending" can, which is the delta's before/after judge.
//   Changed → applied; unchanged → sent again. (A person replacing the picture elsewhere within the
//   same lost answer would be taken for ours: the later picture wins either way.)
import { toSatang } from '../../../src-shared/money/index.js';
import { isInvalidId } from '../core/invalid-id.js';
import { ADD_PRODUCT_KIND } from '../core/local-products.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import { absoluteChange, delta, keylessCreate, type CreateBody } from './write-rows.js';

interface BundleSnapshot {
  readonly exists: boolean;
  readonly name: string;
  readonly sellprice: string;
  readonly sell_vat_status: number;
  readonly active: boolean;
}

const GONE: BundleSnapshot = { exists: false, name: '', sellprice: '', sell_vat_status: 0, active: false };

async function readBundle(client: BackofficeCaller, id: number): Promise<BundleSnapshot> {
  try {
    const bundle = await client.call('GetBundleDetail', { id });
    return {
      exists: true,
      name: bundle.name ?? '',
      sellprice: String(bundle.sellprice ?? ''),
      sell_vat_status: bundle.sell_vat_status ?? 0,
      active: bundle.active === true,
    };
  } catch (error) {
    if (isInvalidId(error)) return GONE;
    throw error;
  }
}

const samePrice = (a: string | number | undefined, b: string | number | undefined) =>
  a !== undefined &&
  b !== undefined &&
  Number.isFinite(Number(a)) &&
  toSatang(Number(a)) === toSatang(Number(b));

function showBundle(snapshot: BundleSnapshot): string {
  if (!snapshot.exists) return 'no such bundle';
  return `"${snapshot.name}" at ฿${snapshot.sellprice}, VAT status ${snapshot.sell_vat_status}, ${snapshot.active ? 'active' : 'inactive'}`;
}

type AddBundleBody = CreateBody<'AddBundle'>;

/** The bundle with this sku on the back office, compared with what the body creates. */
async function findBundle(client: BackofficeCaller, body: AddBundleBody) {
  const listed = await client.call('GetBundles', { query: { keyword: body.sku, limit: 500 } });
  const found = listed.list.find((bundle) => bundle.sku === body.sku);
  if (found?.id === undefined) return { found: 'none' } as const;
  const detail = await client.call('GetBundleDetail', { id: found.id });
  const items = (detail.list ?? []).map((item) => `${item.id}×${item.quantity}`).sort();
  const sent = body.list.map((item) => `${item.id}×${item.quantity}`).sort();
  const same =
    (detail.name ?? '') === body.name &&
    samePrice(detail.sellprice, body.sellprice) &&
    items.join(',') === sent.join(',');
  if (same) return { found: 'same', id: found.id } as const;
  return {
    found: 'different',
    id: found.id,
    held: `"${detail.name ?? ''}" at ฿${String(detail.sellprice ?? '')} with items ${items.join(', ') || 'none'}`,
  } as const;
}

interface PictureSnapshot {
  readonly imagepath: string;
}

export const bundleRows = {
  addBundle: keylessCreate({
    endpoint: 'AddBundle',
    record: 'bundle',
    findCreated: findBundle,
    describe: (body) =>
      `New bundle ${body.sku} "${body.name}" at ฿${body.sellprice}, ${body.list.length} items`,
  }),
  updateBundle: absoluteChange<'UpdateBundle', BundleSnapshot>({
    endpoint: 'UpdateBundle',
    record: 'bundle',
    after: ['addBundle'],
    readBack: (client, ref) => readBundle(client, ref.id),
    reached: (snapshot, args) => {
      const body = args.body ?? {};
      return (
        snapshot.exists &&
        (body.name === undefined || snapshot.name === body.name) &&
        (body.sellprice === undefined || samePrice(snapshot.sellprice, body.sellprice)) &&
        (body.sell_vat_status === undefined || snapshot.sell_vat_status === body.sell_vat_status)
      );
    },
    show: showBundle,
    describe: (args, record) => {
      const body = args.body ?? {};
      const parts = [
        body.name === undefined ? '' : `name "${body.name}"`,
        body.sellprice === undefined ? '' : `price ฿${body.sellprice}`,
        body.sell_vat_status === undefined ? '' : `VAT status ${body.sell_vat_status}`,
      ].filter((part) => part !== '');
      return `Change ${record}: ${parts.join(', ')}`;
    },
  }),
  activateBundle: absoluteChange<'ActiveBundle', BundleSnapshot>({
    endpoint: 'ActiveBundle',
    record: 'bundle',
    after: ['addBundle'],
    readBack: (client, ref) => readBundle(client, ref.id),
    reached: (snapshot) => snapshot.exists && snapshot.active,
    show: showBundle,
    describe: (_args, record) => `Activate ${record}`,
  }),
  deleteBundle: absoluteChange<'DeleteBundle', BundleSnapshot>({
    endpoint: 'DeleteBundle',
    record: 'bundle',
    after: ['addBundle'],
    readBack: (client, ref) => readBundle(client, ref.id),
    reached: (snapshot) => !snapshot.exists,
    show: showBundle,
    describe: (_args, record) => `Delete ${record}`,
  }),
  updateProductImage: delta<'UpdateProductImage', PictureSnapshot>({
    endpoint: 'UpdateProductImage',
    record: 'product',
    // A product made on this PC: the upload waits for its create and goes to the id it answers.
    after: [ADD_PRODUCT_KIND],
    readBack: async (client, ref) => ({
      imagepath: (await client.call('GetProductDetail', { id: ref.id })).imagepath ?? '',
    }),
    judge: (before, after) => (after.imagepath !== before.imagepath ? 'applied' : 'notApplied'),
    show: (snapshot) => (snapshot.imagepath === '' ? 'no picture' : `picture ${snapshot.imagepath}`),
    describe: (args, record) => `New picture ${args.file.fileName} for ${record}`,
  }),
};
