// The Money page's lists: incomes, expenses or money transfers from the PC's local copy, filtered
// (dates, payment status, amounts, keyword), one page at a time with totals over the whole filter, and
// the row chosen with the keyboard. Filters are kept as typed: a refused one is named next to its
// field and the list stays as it was. Paging, the chosen row and coalesced reloads are lib/paged-list's.
// The page reads the state through getters and changes it only through the methods.
import { MONEY_RULE } from '../../../src-shared/domain/typed-number.js';
import { typedArg } from '../../lib/form-input.js';
import type {
  CallArgs,
  CallValue,
  MoneyDocumentKind,
  MoneyRecordSummary,
  MoneyTransferView,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import type { PaymentStatus } from '../../../src-shared/money/payment-status.js';
import { api } from '../../lib/api.js';
import { pageAnswer, PagedList, type PageAnswer, type Paging } from '../../lib/paged-list.svelte.js';

export const PAGE_SIZE = 50;

export type MoneyTab = MoneyDocumentKind | 'transfer';
export const MONEY_TABS: readonly MoneyTab[] = ['income', 'expense', 'transfer'];

/** The filter fields as typed. */
export interface MoneyFilter {
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly amountMin: string;
  readonly amountMax: string;
  readonly keyword: string;
  /** Payment statuses to show (all when empty); incomes and expenses only. */
  readonly statuses: readonly PaymentStatus[];
}

export const NO_FILTER: MoneyFilter = {
  dateFrom: '',
  dateTo: '',
  amountMin: '',
  amountMax: '',
  keyword: '',
  statuses: [],
};

export type ListTotals = CallValue<'money.list'>['totals'];
export type TransferTotals = CallValue<'money.transfers'>['totals'];
export type Coverage = CallValue<'money.list'>['coverage'];
export type PaymentMethod = CallValue<'money.paymentMethods'>[number];

type FilterArgs = Pick<
  CallArgs<'money.transfers'>,
  'dateFrom' | 'dateTo' | 'amountMin' | 'amountMax' | 'keyword'
>;

/** The call's filter arguments: empty fields are left out, amounts as typed (main reads them by the one rule). */
export function filterArgs(filter: MoneyFilter): FilterArgs {
  const text = (value: string) => value.trim();
  return {
    ...(text(filter.dateFrom) === '' ? {} : { dateFrom: text(filter.dateFrom) }),
    ...(text(filter.dateTo) === '' ? {} : { dateTo: text(filter.dateTo) }),
    ...(text(filter.amountMin) === '' ? {} : { amountMin: typedArg(text(filter.amountMin), MONEY_RULE) }),
    ...(text(filter.amountMax) === '' ? {} : { amountMax: typedArg(text(filter.amountMax), MONEY_RULE) }),
    ...(text(filter.keyword) === '' ? {} : { keyword: text(filter.keyword) }),
  };
}

export class MoneyList extends PagedList<MoneyFilter> {
  readonly #api: StockroomBridge;
  #tab = $state<MoneyTab>('income');
  #records = $state<MoneyRecordSummary[]>([]);
  #transfers = $state<MoneyTransferView[]>([]);
  #totals = $state<ListTotals | null>(null);
  #transferTotals = $state<TransferTotals | null>(null);
  #coverage = $state<Coverage | null>(null);
  #methods = $state<PaymentMethod[]>([]);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    super(PAGE_SIZE, NO_FILTER);
    this.#api = bridge;
  }

  get tab(): MoneyTab {
    return this.#tab;
  }

  /** One page of incomes or expenses (the income and expense tabs). */
  get records(): readonly MoneyRecordSummary[] {
    return this.#records;
  }

  /** One page of transfers (the transfer tab). */
  get transfers(): readonly MoneyTransferView[] {
    return this.#transfers;
  }

  /** Rows on the page shown. */
  get rowCount(): number {
    return this.#tab === 'transfer' ? this.#transfers.length : this.#records.length;
  }

  /** Totals of the income or expense filter; null before the first answer or on the transfer tab. */
  get totals(): ListTotals | null {
    return this.#tab === 'transfer' ? null : this.#totals;
  }

  get transferTotals(): TransferTotals | null {
    return this.#tab === 'transfer' ? this.#transferTotals : null;
  }

  get coverage(): Coverage | null {
    return this.#coverage;
  }

  /** The store's payment methods as last synced (loadMethods). */
  get methods(): readonly PaymentMethod[] {
    return this.#methods;
  }

  showTab(tab: MoneyTab): Promise<void> {
    // The tab shown: its first read may still be on its way (Alt+1 right after F1), and the page puts the
    // focus on the chosen row once it is there.
    if (tab === this.#tab) return this.settled();
    this.#tab = tab;
    this.restart();
    return this.load();
  }

  async loadMethods(): Promise<void> {
    const result = await this.#api.call('money.paymentMethods', {});
    if (result.ok) this.#methods = result.value;
    else this.failed(result.error);
  }

  protected async readPage(filter: MoneyFilter, paging: Paging): Promise<PageAnswer | null> {
    const tab = this.#tab;
    if (tab === 'transfer') {
      const result = await this.#api.call('money.transfers', { ...filterArgs(filter), ...paging });
      if (tab !== this.#tab) return null;
      return pageAnswer(result, (listing) => {
        this.#transfers = listing.items;
        this.#transferTotals = listing.totals;
        this.#coverage = listing.coverage;
      });
    }
    const statuses = filter.statuses;
    const result = await this.#api.call('money.list', {
      kind: tab,
      ...filterArgs(filter),
      ...(statuses.length === 0 ? {} : { paymentStatus: [...statuses] }),
      ...paging,
    });
    if (tab !== this.#tab) return null;
    return pageAnswer(result, (listing) => {
      this.#records = listing.items;
      this.#totals = listing.totals;
      this.#coverage = listing.coverage;
    });
  }
}
