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
import { Refusal } from '../refusal.js';
import { isDraft, quotationRecordOf, returnRecordOf } from './local-documents.js';
import type { MerchantProfileReader } from './merchant-profile.js';
import { countSheetPrintable, moneyRecordPrintable, varianceReportPrintable } from './printables.js';

export interface PrintingServiceOptions {
  readonly money: MoneyService;
  readonly counting: CountingService;
  /** The quotations' local copy (DocumentsService). */
  readonly quotations: { detail(id: number): QuotationDetail };
  /** The return purchase orders' local copy (ReturnsService). */
  readonly returns: { detail(id: number): ReturnOrderDetail };
  readonly merchant: MerchantProfileReader;
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
      throw new Refusal('invalid-arguments', `An ${detail.kind} does not print as ${chosen}`, {
        issues: [{ path: 'title', message: `is not a title of an ${detail.kind}` }],
      });
    }
    return moneyRecordPrintable(detail, chosen, this.#seller());
  }

  quotation(id: number): CallValue<'print.quotation'> {
    const detail = this.#options.quotations.detail(id);
    return quotationPrintable(quotationRecordOf(detail), {
      seller: this.#seller(),
      draft: isDraft(detail.sendState),
    });
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
