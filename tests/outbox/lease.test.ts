// Single drainer per database: the lease row, its expiry and takeover, and two outbox instances on one
// file draining against the sandbox without ever sending at the same time or applying anything twice.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueIncome, enqueueStockChange } from '../../src-main/outbox/index.js';
import {
  holdsLease,
  leaseHolder,
  renewLease,
  tryAcquireLease,
  type LeaseHolder,
} from '../../src-main/outbox/lease.repository.js';
import { CASH, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

const alive = () => true;

describe('the drainer lease', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());

  const holder = (id: string, pid = process.pid): LeaseHolder => ({ id, pid, host: hostname() });

  it('is held by one instance until it expires, then another takes it over', () => {
    const other = temp.open();
    const a = holder('a');
    const b = holder('b');
    expect(tryAcquireLease(temp.db, a, { now: 1_000, ttlMs: 500, isAlive: alive })).toBe(true);
    expect(tryAcquireLease(other, b, { now: 1_400, ttlMs: 500, isAlive: alive })).toBe(false);
    expect(renewLease(temp.db, a, 1_400, 500)).toBe(true);
    expect(tryAcquireLease(other, b, { now: 1_800, ttlMs: 500, isAlive: alive })).toBe(false);
    expect(tryAcquireLease(other, b, { now: 1_900, ttlMs: 500, isAlive: alive })).toBe(true);
    expect(holdsLease(temp.db, a)).toBe(false);
    expect(renewLease(temp.db, a, 1_950, 500)).toBe(false);
    expect(leaseHolder(temp.db)).toEqual({ holder: 'b', expiresAt: 2_400 });
  });

  it('is taken over at once from a process of this host that has died', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid ?? 0;
    expect(tryAcquireLease(temp.db, holder('crashed', dead), { now: 0, ttlMs: 60_000, isAlive: alive })).toBe(
      true,
    );
    const isAlive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(tryAcquireLease(temp.db, holder('live'), { now: 1, ttlMs: 60_000, isAlive: () => true })).toBe(
      false,
    );
    expect(tryAcquireLease(temp.db, holder('live'), { now: 1, ttlMs: 60_000, isAlive })).toBe(true);
  });
});

describe('two outbox instances on one file', () => {
  let fx: OutboxFixture;
  beforeEach(async () => {
    fx = await startOutboxFixture({ products: 20 });
  });
  afterEach(() => fx.close());

  it('drain one at a time and apply everything exactly once', async () => {
    const products = [1, 2, 3, 4, 5, 6];
    const before = await fx.stock('W0001', products);
    const uniqueNumbers: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (const product of products) {
        enqueueStockChange(fx.db, {
          warehouseCode: 'W0001',
          change: 'increase',
          lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value: product }],
        });
      }
      uniqueNumbers.push(
        enqueueIncome(fx.db, {
          body: { amount: 5, paymentmethod: CASH, paymentamount: 5, list: [{ name: 'x', totalprice: 5 }] },
        }).uniquenumber,
      );
    }
    fx.sandbox.handle.setFaults({ latencyMs: 5 });
    let inFlight: string | undefined;
    const overlaps: string[] = [];
    const sentBy = new Map<string, number>();
    const make = (name: string) =>
      fx.outbox({
        db: fx.temp.open(),
        hooks: {
          beforeRequest: () => {
            if (inFlight !== undefined) overlaps.push(`${name} while ${inFlight}`);
            inFlight = name;
            sentBy.set(name, (sentBy.get(name) ?? 0) + 1);
          },
          afterResponse: () => {
            inFlight = undefined;
          },
        },
      });
    const first = make('first');
    const second = make('second');
    const skipped: string[] = [];
    for (let tries = 0; tries < 50 && states(fx.db).some((row) => row.state !== 'done'); tries++) {
      const reports = await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
      skipped.push(...reports.flatMap((report) => (report.skipped ? [report.skipped] : [])));
    }
    expect(overlaps).toEqual([]);
    expect(skipped).toContain('leaseHeld');
    expect(states(fx.db).every((row) => row.state === 'done')).toBe(true);
    const after = await fx.stock('W0001', products);
    for (const product of products)
      expect(after.get(product)?.stock).toBe((before.get(product)?.stock ?? 0) + 4 * product);
    const incomes = await fx.incomesByUniqueNumber();
    for (const uniquenumber of uniqueNumbers) expect(incomes.get(uniquenumber)).toBe(1);
  });
});
