// The Money page's lists: incomes, expenses or money transfers from the PC's local copy, filtered
// (dates, payment status, amounts, keyword), one page at a time with totals over the whole filter, and
// the row chosen with the keyboard. Filters are kept as typed: a refused one is named next to its
// field and the list stays as it was. Reloads are coalesced (a burst of outbox events costs one read at
// a time). The page reads the state through getters and changes it only through the methods.
import type {
  CallArgs,
  CallValue,
  IpcIssue,
  MoneyDocumentKind,
  MoneyRecordSummary,
  MoneyTransferView,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import type { PaymentStatus } from '../../../src-shared/money/payment-status.js';
import { api } from '../../lib/api.js';
import { issuesByPath, parseAmount } from '../../lib/form-input.js';

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

/** The call's filter arguments: empty fields are left out, amounts parsed (NaN is refused by main). */
export function filterArgs(filter: MoneyFilter): FilterArgs {
  const text = (value: string) => value.trim();
  return {
    ...(text(filter.dateFrom) === '' ? {} : { dateFrom: text(filter.dateFrom) }),
    ...(text(filter.dateTo) === '' ? {} : { dateTo: text(filter.dateTo) }),
    ...(text(filter.amountMin) === '' ? {} : { amountMin: parseAmount(filter.amountMin) }),
    ...(text(filter.amountMax) === '' ? {} : { amountMax: parseAmount(filter.amountMax) }),
    ...(text(filter.keyword) === '' ? {} : { keyword: text(filter.keyword) }),
  };
}

export class MoneyList {
  readonly #api: StockroomBridge;
  #tab = $state<MoneyTab>('income');
  #filter = $state<MoneyFilter>(NO_FILTER);
  #records = $state<MoneyRecordSummary[]>([]);
  #transfers = $state<MoneyTransferView[]>([]);
  #total = $state(0);
  #offset = $state(0);
  #totals = $state<ListTotals | null>(null);
  #transferTotals = $state<TransferTotals | null>(null);
  #coverage = $state<Coverage | null>(null);
  #methods = $state<PaymentMethod[]>([]);
  #selected = $state(0);
  #issues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #error = $state<string | null>(null);
  #loaded = $state(false);
  #reading = $state(false);

  #loading: Promise<void> | null = null;
  #again = false;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get tab(): MoneyTab {
    return this.#tab;
  }

  /** The filter the list shows (as typed). */
  get filter(): MoneyFilter {
    return this.#filter;
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

  /** Rows matching the filter in all. */
  get total(): number {
    return this.#total;
  }

  get offset(): number {
    return this.#offset;
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

  /** The chosen row on the page (0-based). */
  get selected(): number {
    return this.#selected;
  }

  /** Refused filter fields by path ('dateFrom', 'amountMin'…). */
  get issues(): ReadonlyMap<string, IpcIssue> {
    return this.#issues;
  }

  get error(): string | null {
    return this.#error;
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  /** A read is on its way: the rows shown may be of the tab, filter or page before. */
  get reading(): boolean {
    return this.#reading;
  }

  showTab(tab: MoneyTab): Promise<void> {
    if (tab === this.#tab) return Promise.resolve();
    this.#tab = tab;
    this.#offset = 0;
    this.#selected = 0;
    this.#loaded = false;
    return this.load();
  }

  /** Shows the list with this filter from its first page. */
  applyFilter(filter: MoneyFilter): Promise<void> {
    this.#filter = filter;
    this.#offset = 0;
    this.#selected = 0;
    return this.load();
  }

  page(direction: 1 | -1): Promise<void> {
    const next = this.#offset + direction * PAGE_SIZE;
    if (next < 0 || next >= this.#total) return Promise.resolve();
    this.#offset = next;
    this.#selected = 0;
    return this.load();
  }

  /** Moves the chosen row by `delta`, within the page. */
  move(delta: number): void {
    const last = this.rowCount - 1;
    this.#selected = Math.max(0, Math.min(last, this.#selected + delta));
  }

  select(index: number): void {
    if (index >= 0 && index < this.rowCount) this.#selected = index;
  }

  async loadMethods(): Promise<void> {
    const result = await this.#api.call('money.paymentMethods', {});
    if (result.ok) this.#methods = result.value;
    else this.#error = result.error.message;
  }

  /** Reads the page shown; a call during a read runs once more after it. */
  load(): Promise<void> {
    if (this.#loading !== null) {
      this.#again = true;
      return this.#loading;
    }
    this.#reading = true;
    this.#loading = (async () => {
      try {
        do {
          this.#again = false;
          await this.#read();
        } while (this.#again);
      } finally {
        this.#loading = null;
        this.#reading = false;
      }
    })();
    return this.#loading;
  }

  async #read(): Promise<void> {
    const tab = this.#tab;
    const paging = { offset: this.#offset, limit: PAGE_SIZE };
    const filter = filterArgs(this.#filter);
    if (tab === 'transfer') {
      const result = await this.#api.call('money.transfers', { ...filter, ...paging });
      if (tab !== this.#tab) return;
      if (!result.ok) return this.#refused(result.error);
      if (this.#stepBack(result.value)) return;
      this.#transfers = result.value.items;
      this.#transferTotals = result.value.totals;
      this.#took(result.value);
      return;
    }
    const statuses = this.#filter.statuses;
    const result = await this.#api.call('money.list', {
      kind: tab,
      ...filter,
      ...(statuses.length === 0 ? {} : { paymentStatus: [...statuses] }),
      ...paging,
    });
    if (tab !== this.#tab) return;
    if (!result.ok) return this.#refused(result.error);
    if (this.#stepBack(result.value)) return;
    this.#records = result.value.items;
    this.#totals = result.value.totals;
    this.#took(result.value);
  }

  /** The list shrank under the page: read its last page instead. */
  #stepBack(listing: { total: number; items: readonly unknown[] }): boolean {
    if (listing.items.length > 0 || listing.total === 0 || this.#offset === 0) return false;
    this.#offset = Math.floor((listing.total - 1) / PAGE_SIZE) * PAGE_SIZE;
    this.#again = true;
    return true;
  }

  #took(listing: { total: number; offset: number; items: readonly unknown[]; coverage: Coverage }): void {
    this.#total = listing.total;
    this.#offset = listing.offset;
    this.#coverage = listing.coverage;
    this.#selected = Math.min(this.#selected, Math.max(0, listing.items.length - 1));
    this.#issues = new Map();
    this.#error = null;
    this.#loaded = true;
  }

  #refused(error: { code: string; message: string; issues?: readonly IpcIssue[] }): void {
    this.#issues = issuesByPath(error.issues);
    // A refused filter is shown next to its field; the rows of the last good filter stay.
    this.#error = this.#issues.size > 0 ? null : error.message;
    this.#loaded = true;
  }
}
