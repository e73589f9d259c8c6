// PCs for live-count tests: each a real store database in a temp folder with the same products and
// (unless told otherwise) the same shelves, a real CountingService, and hosts and members on loopback
// that the test's `cleanups` stop. What a count holds per shelf is read through the review by shelf.
import { CountingService } from '../../../src-main/counting/index.js';
import { LiveHost } from '../../../src-main/live-count/live-host.js';
import { LiveMember, type LiveMemberOptions } from '../../../src-main/live-count/live-member.js';
import type { LinkFaults } from '../../../src-main/live-count/live-link.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
  type SeedProduct,
} from '../../counting/support/counting-fixture.js';

export const WAIT = { timeout: 10_000, interval: 20 };

export interface Pc {
  readonly fixture: CountingFixture;
  readonly counting: CountingService;
}

export class LivePcs {
  readonly #cleanups: Array<() => Promise<void> | void> = [];
  readonly #products: readonly SeedProduct[];
  readonly #shelves: ReadonlyArray<readonly [string, string]>;

  constructor(products: readonly SeedProduct[], shelves: ReadonlyArray<readonly [string, string]> = []) {
    this.#products = products;
    this.#shelves = shelves;
  }

  async cleanUp(): Promise<void> {
    for (const cleanup of this.#cleanups.splice(0).reverse()) await cleanup();
  }

  /** A PC with the products and shelves (`shelves` false: none of them). */
  pc(name: string, { shelves = true }: { shelves?: boolean } = {}): Pc {
    const fixture = openCountingFixture();
    fixture.seed(this.#products);
    this.#cleanups.push(() => {
      fixture.close();
    });
    const counting = new CountingService(fixture.db, { pcName: name });
    if (shelves) {
      for (const [code, shelfName] of this.#shelves)
        counting.shelves.save({ warehouseCode: WAREHOUSE, code, name: shelfName });
    }
    return { fixture, counting };
  }

  async host(on: Pc, sessionId: string, port = 0, faults?: LinkFaults): Promise<LiveHost> {
    const live = await LiveHost.start(
      {
        db: on.fixture.db,
        counting: on.counting,
        sessionId,
        label: 'HOST',
        ...(faults === undefined ? {} : { faults }),
      },
      { host: '127.0.0.1', port },
    );
    this.#cleanups.push(() => live.stop());
    return live;
  }

  async join(
    on: Pc,
    host: LiveHost,
    label: string,
    extra: Partial<Pick<LiveMemberOptions, 'faults' | 'resendMs'>> = {},
  ): Promise<LiveMember> {
    const address = `127.0.0.1:${String(host.address.port)}`;
    return this.track(
      await LiveMember.join({
        db: on.fixture.db,
        counting: on.counting,
        address,
        code: host.openJoinWindow(),
        label,
        ...extra,
      }),
    );
  }

  resume(
    on: Pc,
    sessionId: string,
    label: string,
    extra: Partial<Pick<LiveMemberOptions, 'faults' | 'resendMs'>> = {},
  ): LiveMember {
    return this.track(
      LiveMember.resume({ db: on.fixture.db, counting: on.counting, sessionId, label, ...extra }),
    );
  }

  /** Stopped at clean-up (a member, or anything else with a stop). */
  track<T extends { stop(): void }>(member: T): T {
    this.#cleanups.push(() => {
      member.stop();
    });
    return member;
  }
}

/** A count by shelf, as the review by shelf shows it: `code (empty) sku:units …`, no shelf, not visited. */
export function byShelf(on: Pc, sessionId: string) {
  const review = on.counting.shelfReview({ sessionId });
  return {
    shelves: review.shelves.map((shelf) =>
      `${shelf.code}${shelf.emptyConfirmed ? ' (empty)' : ''} ${shelf.rows.map((row) => `${row.sku || row.code || ''}:${row.counted}`).join(' ')}`.trim(),
    ),
    noShelf: review.noShelf.map((row) => `${row.sku || row.code || ''}:${row.counted}`).join(' '),
    notVisited: review.notVisited.map((shelf) => shelf.code),
  };
}

/** Each product line's figure by sku (unknown codes by code), in line order. */
export function figures(on: Pc, sessionId: string): string[] {
  return on.counting
    .lines(sessionId)
    .map((line) =>
      line.kind === 'product'
        ? `${line.product.sku}:${line.counted}`
        : `${line.code}:${line.counted}:${line.state}`,
    );
}

export function lineIdOf(on: Pc, sessionId: string, skuOrCode: string): number {
  const line = on.counting
    .lines(sessionId)
    .find((candidate) =>
      candidate.kind === 'product' ? candidate.product.sku === skuOrCode : candidate.code === skuOrCode,
    );
  if (line === undefined) throw new Error(`no line ${skuOrCode}`);
  return line.lineId;
}

/** What the commit queued: one stockCount operation per product, its figure. */
export function committed(on: Pc): Array<{ sku: string; value: number }> {
  return on.fixture.db
    .prepare<[], { sku: string; value: number }>(
      `SELECT sku, value FROM outbox_operations WHERE kind = 'stockCount' ORDER BY sku`,
    )
    .all();
}
