// What prints (issue 11): the printable models of an income or expense, a quotation, a return purchase
// order, a count sheet and a variance report, from the open store's own services and the merchant profile it caches, so printing works
// offline. The page lays them out (src-renderer/features/printing) and prints or saves the PDF.
import type {
  CallValue,
  ParsedCallArgs,
  QuotationDetail,
  ReturnOrderDetail,
} from '../../src-shared/ipc/index.js';
import {
  quotationPrintable,
  returnPurchaseOrderPrintable,
  TITLES_OF_KIND,
  titleFitsKind,
} from '../../src-shared/printing/index.js';
import type { CountingService } from '../counting/index.js';
import type { MoneyService } from '../money/index.js';
import { Refusal } from '../refusal/refusal.js';
import { isDraft, quotationRecordOf, returnRecordOf } from './local-documents.js';
import type { MerchantProfileReader } from './merchant-profile.js';
import type { PaperSettingsRepository } from './paper-settings.js';
import { promptPayQr } from './promptpay.js';
import { countSheetPrintable, moneyRecordPrintable, varianceReportPrintable } from './printables.js';

export interface PrintingServiceOptions {
  readonly money: MoneyService;
  readonly counting: CountingService;
  /** The quotations' local copy (DocumentsService). */
  readonly quotations: { detail(id: number): QuotationDetail };
  /** The return purchase orders' local copy (ReturnsService). */
  readonly returns: { detail(id: number): ReturnOrderDetail };
  readonly merchant: MerchantProfileReader;
  /** The store's PromptPay id and quotation validity (issue 25). */
  readonly papers: PaperSettingsRepository;
  /** The store profile's name: the header's name until the merchant profile is pulled. */
  readonly storeName: string;
  readonly now: () => number;
}

export class PrintingService {
  readonly #options: PrintingServiceOptions;

  constructor(options: PrintingServiceOptions) {
    this.#options = options;
  }

  moneyRecord({ id, title }: ParsedCallArgs<'print.moneyRecord'>): CallValue<'print.moneyRecord'> {
    const detail = this.#options.money.detail(id);
    const chosen = title ?? TITLES_OF_KIND[detail.kind][0];
    if (!titleFitsKind(chosen, detail.kind)) {
      throw Refusal.field(
        'title',
        `is not a title of an ${detail.kind}`,
        undefined,
        `An ${detail.kind} does not print as ${chosen}`,
      );
    }
    return moneyRecordPrintable(detail, chosen, this.#seller());
  }

  /** A quotation with its validity date and, when the store has a PromptPay id, the QR for its total. */
  quotation(id: number): CallValue<'print.quotation'> {
    const detail = this.#options.quotations.detail(id);
    const printable = quotationPrintable(quotationRecordOf(detail), {
      seller: this.#seller(),
      draft: isDraft(detail.sendState),
    });
    const { promptPayId, quotationValidDays } = this.#options.papers.get();
    const validUntil = addDays(printable.date, quotationValidDays);
    return {
      ...printable,
      ...(validUntil === null ? {} : { validUntil }),
      ...(promptPayId === null || printable.total <= 0
        ? {}
        : { promptPay: promptPayQr(promptPayId, printable.total) }),
    };
  }

  paperSettings(): CallValue<'papers.settings'> {
    return this.#options.papers.get();
  }

  savePaperSettings(changes: ParsedCallArgs<'papers.saveSettings'>): CallValue<'papers.saveSettings'> {
    return this.#options.papers.save(changes);
  }

  returnPurchaseOrder(id: number): CallValue<'print.returnPurchaseOrder'> {
    const detail = this.#options.returns.detail(id);
    return returnPurchaseOrderPrintable(returnRecordOf(detail), {
      seller: this.#seller(),
      draft: isDraft(detail.sendState),
    });
  }

  countSheet(sessionId: string): CallValue<'print.countSheet'> {
    const { session, products } = this.#options.counting.countSheet(sessionId);
    return countSheetPrintable(session, products, this.#seller().name, this.#options.now());
  }

  varianceReport(sessionId: string): CallValue<'print.varianceReport'> {
    const review = this.#options.counting.review(sessionId, 'all');
    return varianceReportPrintable(review, this.#seller().name, this.#options.now());
  }

  #seller() {
    return this.#options.merchant.seller(this.#options.storeName);
  }
}

/** 'yyyy-MM-dd' plus whole days (calendar days: Thai dates have no daylight saving); null for no date. */
export function addDays(date: string, days: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return null;
  const moment = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return new Date(moment).toISOString().slice(0, 10);
}
