// Whether each scan of a scan-to-screen pass was counted exactly once (issue 20): main's lines of the
// session before and after the pass against what the pass scanned. A scan lost (its product counted
// less), split (its keys taken as typing, the rest as an unknown code) or miscounted (a `3` released as
// typing is a `-` on a Thai layout: one off the current line) each show as a difference.
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { PlannedScan } from './scan-plan.js';

type Lines = CallValue<'counting.lines'>;

/** Main's counted figure per product and the scans of unknown codes, at one moment. */
export interface LinesSnapshot {
  readonly counted: ReadonlyMap<number, number>;
  readonly unknownScans: number;
}

export function snapshotOf(lines: Lines): LinesSnapshot {
  const counted = new Map<number, number>();
  let unknownScans = 0;
  for (const line of lines) {
    if (line.kind === 'product') counted.set(line.product.id, line.counted);
    else unknownScans += line.scans;
  }
  return { counted, unknownScans };
}

/** What went wrong in a pass; `wrong` is 0 exactly when every scan was counted once. */
export interface ScanAccount {
  readonly scans: number;
  /** Units short of the scans, summed over products (scans lost, or split and so never counted). */
  readonly lost: number;
  /** Units more than the scans (a scan counted twice, or typing that added to a line). */
  readonly extra: number;
  /** Scans main took as unknown codes (the rest of a split scan). */
  readonly unknown: number;
  readonly wrong: number;
}

/** Compares the pass's scans (each adds one unit to its product) with main's lines before and after. */
export function accountFor(
  scans: readonly PlannedScan[],
  before: LinesSnapshot,
  after: LinesSnapshot,
): ScanAccount {
  const expected = new Map<number, number>();
  for (const scan of scans) expected.set(scan.productId, (expected.get(scan.productId) ?? 0) + 1);
  let lost = 0;
  let extra = 0;
  const products = new Set([...expected.keys(), ...before.counted.keys(), ...after.counted.keys()]);
  for (const productId of products) {
    const change = (after.counted.get(productId) ?? 0) - (before.counted.get(productId) ?? 0);
    const difference = change - (expected.get(productId) ?? 0);
    if (difference < 0) lost -= difference;
    else extra += difference;
  }
  const unknown = after.unknownScans - before.unknownScans;
  return { scans: scans.length, lost, extra, unknown, wrong: lost + extra + Math.abs(unknown) };
}

export function describeAccount(account: ScanAccount): string {
  return (
    `scans lost, split or miscounted: ${account.wrong} of ${account.scans} ` +
    `(units short ${account.lost}, units extra ${account.extra}, unknown-code scans ${account.unknown})`
  );
}

/**
 * The pass's account once main has taken its last scan: the page shows a scan before main's answer, so
 * main's lines are read again until they hold every scan, for at most SETTLE_MS.
 */
export async function settledAccount(
  scans: readonly PlannedScan[],
  before: LinesSnapshot,
  mainLines: () => Promise<Lines>,
): Promise<ScanAccount> {
  const SETTLE_MS = 5_000;
  const started = performance.now();
  for (;;) {
    const account = accountFor(scans, before, snapshotOf(await mainLines()));
    if (account.wrong === 0 || performance.now() - started > SETTLE_MS) return account;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
