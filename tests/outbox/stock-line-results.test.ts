// A stock batch's per-line answer settles each row by its own line: applied → done with its figure,
// not updated → done, refused → parked, whatever order the lists and their entries come in, for lines
// sent by product id and by sku in one batch. The sandbox always answers in request order, so a small
// HTTP server on 127.0.0.1 answers the spec's shape with the lists shuffled (seeded).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { enqueueStockChange, Outbox } from '../../src-main/outbox/index.js';
import { seededFloats } from '../../src-shared/random.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

type Verdict = 'success' | 'notupdate' | 'fail';

interface Line {
  readonly productid?: number;
  readonly sku?: string;
  readonly stock: number;
}

/** The id the back office knows a sku line's product by (never one of the id lines' ids). */
const serverIdOfSku = (sku: string) => 90_000 + Number(sku.replace(/\D/g, ''));

describe("a stock batch's per-line results", () => {
  let temp: TempDatabase;
  let server: Server;
  let client: BackofficeClient;
  const verdicts = new Map<string, Verdict>();
  const random = seededFloats(1_010);
  let requests = 0;

  const keyOf = (line: Line) => (line.productid ? `id:${line.productid}` : `sku:${line.sku ?? ''}`);

  function shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [items[index], items[other]] = [items[other] as T, items[index] as T];
    }
    return items;
  }

  beforeAll(async () => {
    temp = createTempDatabase();
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        requests += 1;
        const { stocks } = JSON.parse(text) as { stocks: Line[] };
        const lists: Record<Verdict, Array<Record<string, unknown>>> = {
          success: [],
          notupdate: [],
          fail: [],
        };
        for (const line of stocks) {
          const entry = line.productid
            ? { productid: line.productid, sku: `SKU-${line.productid}`, stock: line.stock }
            : { productid: serverIdOfSku(line.sku ?? ''), sku: line.sku, stock: line.stock };
          lists[verdicts.get(keyOf(line)) ?? 'fail'].push(entry);
        }
        const parts = shuffle([
          ['successlist', shuffle(lists.success)],
          ['notupdatelist', shuffle(lists.notupdate)],
          ['faillist', shuffle(lists.fail)],
        ] as Array<[string, unknown[]]>);
        const stockupdate = Object.fromEntries([
          ['success', lists.success.length],
          ['notupdate', lists.notupdate.length],
          ['fail', lists.fail.length],
          ...parts,
        ]);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ resCode: '200', resDesc: 'Success', detail: { stockupdate } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new BackofficeClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
    });
  });
  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
    temp.close();
  });

  it('settles each row by its own line, in 25 shuffled batches mixing id and sku lines', async () => {
    const outbox = new Outbox({ db: temp.db, client });
    const expected = new Map<number, { verdict: Verdict; value: number }>();
    for (let round = 0; round < 25; round++) {
      const lines = Array.from({ length: 9 }, (_, index) => {
        const product = round * 10 + index + 1;
        const bySku = index % 2 === 1;
        const verdict = (['success', 'notupdate', 'fail'] as const)[Math.floor(random() * 3)] ?? 'fail';
        verdicts.set(bySku ? `sku:SKU-${product}` : `id:${product}`, verdict);
        return { productId: bySku ? 0 : product, sku: `SKU-${product}`, value: round * 100 + index, verdict };
      });
      const { operationIds } = enqueueStockChange(temp.db, { warehouseCode: 'W0001', change: 'set', lines });
      operationIds.forEach((id, index) =>
        expected.set(id, { verdict: lines[index]?.verdict ?? 'fail', value: lines[index]?.value ?? -1 }),
      );
      await outbox.drain();
    }
    expect(requests).toBe(25);
    const rows = temp.db
      .prepare<
        [],
        {
          id: number;
          state: string;
          outcome: string | null;
          reason_code: string | null;
          result_figure: number | null;
        }
      >('SELECT id, state, outcome, reason_code, result_figure FROM outbox_operations ORDER BY id')
      .all();
    expect(rows).toHaveLength(225);
    const wrong = rows.filter((row) => {
      const want = expected.get(row.id);
      switch (want?.verdict) {
        case 'success':
          return !(row.state === 'done' && row.outcome === 'applied' && row.result_figure === want.value);
        case 'notupdate':
          return !(row.state === 'done' && row.outcome === 'notUpdated');
        case 'fail':
          return !(row.state === 'parked' && row.reason_code === 'LINE_REFUSED');
        default:
          return true;
      }
    });
    expect(wrong).toEqual([]);
    await outbox.stop();
  });
});
