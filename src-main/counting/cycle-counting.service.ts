// Cycle counting (issue 24, decision 0020): what to count next and how accurate the counts were. Local
// and synchronous like the rest of counting: the classes come from the local catalogue, the last counts
// from the history each commit writes, and a day's share opens an ordinary products-scope session.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { formatThaiDate } from '../../src-shared/time/index.js';
import { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../catalog/catalogue.repository.js';
import { fromSatang, toSatang } from '../../src-shared/money/index.js';
import { Refusal } from '../refusal/refusal.js';
import type { CountingService } from './counting.service.js';
import { CountingError } from './counting-errors.js';
import { accuracyCsv, accuracyReport } from './cycle-accuracy.js';
import {
  VALUE_CLASSES,
  classLetter,
  dueAt,
  dueList,
  naturalDailyShare,
  type ValueClass,
} from './cycle-classes.js';
import type { CycleClassification, WarehouseClasses } from './cycle-classification.js';
import { reversalPlan, reverseCount } from './cycle-reversal.js';
import {
  changeCycleSettings,
  readCycleSettings,
  type CycleSettings,
  type CycleSettingsChange,
} from './cycle-settings.js';

type CountNextList = CallValue<'cycle.countNext'>;
type ClassTotals = CountNextList['classes'];

export interface CycleCountingOptions {
  readonly db: Database;
  readonly counting: CountingService;
  readonly now?: () => number;
}

export class CycleCountingService {
  readonly #db: Database;
  readonly #counting: CountingService;
  readonly #now: () => number;
  readonly #classification: CycleClassification;
  readonly #lookup: CatalogueLookup;
  readonly #catalogue: CatalogueRepository;
  #due:
    | {
        classes: WarehouseClasses;
        intervals: string;
        order: Uint32Array;
        totals: ClassTotals;
        validUntil: number;
        at: number;
      }
    | undefined;

  constructor(options: CycleCountingOptions) {
    this.#db = options.db;
    this.#counting = options.counting;
    this.#now = options.now ?? Date.now;
    this.#classification = options.counting.cycleClassification;
    this.#lookup = new CatalogueLookup(options.db);
    this.#catalogue = new CatalogueRepository(options.db);
  }

  settings(): CycleSettings {
    return readCycleSettings(this.#db);
  }

  setSettings(change: CycleSettingsChange): CycleSettings {
    return changeCycleSettings(this.#db, change);
  }

  /** The warehouse's products due for a count, most overdue first, a page at a time. */
  countNext(warehouseCode: string, page: { offset: number; limit: number }): CountNextList {
    const { settings, classes, order, totals, at } = this.#dueNow(warehouseCode);
    return {
      warehouseCode,
      at,
      dailyShare: dailyShareOf(settings, totals),
      due: order.length,
      classes: totals,
      rows: Array.from(order.subarray(page.offset, page.offset + page.limit), (index) =>
        this.#row(classes, index, settings),
      ),
    };
  }

  /** Opens a count session scoped to the day's share: the first products of the Count next list. */
  startDailyCount(args: ParsedCallArgs<'cycle.startDailyCount'>): CallValue<'cycle.startDailyCount'> {
    const { settings, classes, order, totals, at } = this.#dueNow(args.warehouseCode);
    const share = dailyShareOf(settings, totals);
    const productIds = Array.from(order.subarray(0, share), (index) => classes.productIds[index] ?? 0);
    if (productIds.length === 0) {
      throw new Refusal('conflict', `Nothing in warehouse ${args.warehouseCode} is due for a count today`, {
        reason: 'nothing-due',
      });
    }
    const session = this.#counting.createSession({
      warehouseCode: args.warehouseCode,
      name: args.name?.trim() || `${args.warehouseCode} cycle count ${formatThaiDate(at)}`,
      ...(args.counter === undefined ? {} : { counter: args.counter }),
      scope: { kind: 'products', productIds },
    });
    return { session, products: productIds.length };
  }

  accuracy(args: ParsedCallArgs<'cycle.accuracy'>): CallValue<'cycle.accuracy'> {
    this.#knownWarehouse(args.warehouseCode);
    return accuracyReport(this.#db, {
      warehouseCode: args.warehouseCode,
      period: args.period,
      periods: args.periods,
      tolerance: readCycleSettings(this.#db).tolerance,
      now: this.#now(),
    });
  }

  accuracyCsv(args: ParsedCallArgs<'cycle.accuracyCsv'>): CallValue<'cycle.accuracyCsv'> {
    const report = this.accuracy(args);
    const day = formatThaiDate(this.#now());
    return {
      fileName: `accuracy-${args.warehouseCode}-${args.period}-${day}.csv`,
      text: accuracyCsv(report),
    };
  }

  /** A committed count's lines with both figures, and whether each can be undone now. */
  reversal(args: ParsedCallArgs<'cycle.reversal'>): CallValue<'cycle.reversal'> {
    return reversalPlan(this.#db, args.sessionId);
  }

  /** Undoes a committed count, whole or the lines named, through the outbox. */
  reverseCount(args: ParsedCallArgs<'cycle.reverseCount'>): CallValue<'cycle.reverseCount'> {
    return reverseCount(this.#db, {
      sessionId: args.sessionId,
      ...(args.productIds === undefined ? {} : { productIds: args.productIds }),
      now: this.#now(),
    });
  }

  /**
   * The due order and the class totals, kept while the classes are the same (nothing changed in the database), with the same
   * intervals, and no product has become due since (DueList.validUntil): paging reads nothing again.
   */
  #dueNow(warehouseCode: string) {
    this.#knownWarehouse(warehouseCode);
    const settings = readCycleSettings(this.#db);
    const classes = this.#classification.of(warehouseCode, settings);
    const at = this.#now();
    const intervals = `${settings.intervalDays.A}|${settings.intervalDays.B}|${settings.intervalDays.C}`;
    const kept = this.#due;
    if (kept?.classes === classes && kept.intervals === intervals && at < kept.validUntil && at >= kept.at) {
      return { settings, classes, order: kept.order, totals: kept.totals, at };
    }
    const { order, validUntil } = dueList(classes, settings.intervalDays, at);
    const totals = classTotals(classes, order);
    this.#due = { classes, intervals, order, totals, validUntil, at };
    return { settings, classes, order, totals, at };
  }

  #row(classes: WarehouseClasses, index: number, settings: CycleSettings): CountNextList['rows'][number] {
    const productId = classes.productIds[index] ?? 0;
    const product = this.#lookup.findById(productId);
    const valueClass = classLetter(classes.classes[index] ?? 2);
    const last = classes.lastCountedAt[index] ?? Number.NaN;
    const lastCountedAt = Number.isNaN(last) ? null : last;
    return {
      productId,
      sku: product?.sku ?? '',
      name: product?.name ?? '',
      valueClass,
      value: fromSatang(toSatang(classes.values[index] ?? 0)),
      lastCountedAt,
      dueAt: dueAt(lastCountedAt, settings.intervalDays[valueClass]),
    };
  }

  #knownWarehouse(warehouseCode: string): void {
    if (!this.#catalogue.warehouses().some((warehouse) => warehouse.code === warehouseCode)) {
      throw new CountingError(
        'unknown-warehouse',
        `No warehouse "${warehouseCode}" in the local catalogue (sync the warehouses, or check the code)`,
      );
    }
  }
}

function classTotals(classes: WarehouseClasses, order: Uint32Array): ClassTotals {
  const totals = Object.fromEntries(
    VALUE_CLASSES.map((letter) => [letter, { products: 0, due: 0, satang: 0 }]),
  ) as Record<ValueClass, { products: number; due: number; satang: number }>;
  classes.classes.forEach((code, index) => {
    const entry = totals[classLetter(code)];
    entry.products += 1;
    entry.satang += toSatang(classes.values[index] ?? 0);
  });
  for (const index of order) totals[classLetter(classes.classes[index] ?? 2)].due += 1;
  const view = (letter: ValueClass) => ({
    products: totals[letter].products,
    due: totals[letter].due,
    value: fromSatang(totals[letter].satang),
  });
  return { A: view('A'), B: view('B'), C: view('C') };
}

/** The setting, else what the intervals give; never more than what is due. */
function dailyShareOf(settings: CycleSettings, totals: ClassTotals): number {
  const share =
    settings.dailyShare ??
    naturalDailyShare(
      { A: totals.A.products, B: totals.B.products, C: totals.C.products },
      settings.intervalDays,
    );
  return Math.min(share, totals.A.due + totals.B.due + totals.C.due);
}
