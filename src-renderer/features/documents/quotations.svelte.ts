// The quotations tab: the list from the PC's local copy (filters on status, dates, amounts, keyword and
// creator; totals over the whole filter; one page at a time), the quotation opened from it with its
// chain of writes, and the one-step actions on it (approve with a date, void, add and remove a tag).
// Filters are kept as typed: a refused one is named next to its field and the rows stay as they were
// (paging, the chosen row and coalesced reloads are lib/paged-list's).
// The forms (new, edit info, edit lines) are QuotationForm (quotation-form.svelte.ts).
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import { MONEY_RULE } from '../../../src-shared/domain/typed-number.js';
import { typedArg } from '../../lib/form-input.js';
import type {
  CallArgs,
  CallValue,
  IpcError,
  IpcErrorCode,
  IpcIssue,
  IpcResult,
  QuotationDetail,
  QuotationSummary,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import type { QuotationStatus } from '../../../src-shared/domain/vocabulary.js';
import { formatThaiDate } from '../../../src-shared/time/index.js';
import { api } from '../../lib/api.js';
import { FormSave } from '../../lib/form-save.svelte.js';
import { pageAnswer, PagedList, type PageAnswer, type Paging } from '../../lib/paged-list.svelte.js';

export const QUOTATION_PAGE_SIZE = 50;

/** The filter fields as typed. */
export interface QuotationFilter {
  readonly statuses: readonly QuotationStatus[];
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly amountMin: string;
  readonly amountMax: string;
  readonly keyword: string;
  readonly createdBy: string;
}

export const NO_QUOTATION_FILTER: QuotationFilter = {
  statuses: [],
  dateFrom: '',
  dateTo: '',
  amountMin: '',
  amountMax: '',
  keyword: '',
  createdBy: '',
};

type Listing = CallValue<'documents.quotations'>;
type ListArgs = CallArgs<'documents.quotations'>;

/** The call's arguments: empty fields left out, amounts parsed (NaN is refused by main, by field). */
export function quotationFilterArgs(filter: QuotationFilter): Omit<ListArgs, 'offset' | 'limit'> {
  const text = (value: string) => value.trim();
  return {
    ...(filter.statuses.length === 0 ? {} : { status: [...filter.statuses] }),
    ...(text(filter.dateFrom) === '' ? {} : { dateFrom: text(filter.dateFrom) }),
    ...(text(filter.dateTo) === '' ? {} : { dateTo: text(filter.dateTo) }),
    ...(text(filter.amountMin) === '' ? {} : { amountMin: typedArg(text(filter.amountMin), MONEY_RULE) }),
    ...(text(filter.amountMax) === '' ? {} : { amountMax: typedArg(text(filter.amountMax), MONEY_RULE) }),
    ...(text(filter.keyword) === '' ? {} : { keyword: text(filter.keyword) }),
    ...(text(filter.createdBy) === '' ? {} : { createdBy: text(filter.createdBy) }),
  };
}

/** A refusal that names no field: main's code and reason, for the page to word ('voided', 'approved'…). */
export interface ActionFailure {
  readonly code: IpcErrorCode;
  readonly reason: IpcError['reason'];
  readonly message: string;
}

export class QuotationsState extends PagedList<QuotationFilter> {
  readonly #api: StockroomBridge;
  readonly #today: () => string;
  #items = $state<QuotationSummary[]>([]);
  #totals = $state<Listing['totals'] | null>(null);
  #coverage = $state<Listing['coverage'] | null>(null);
  #detail = $state<QuotationDetail | null>(null);
  #detailError = $state<MainRefusal | null>(null);
  #salesChannels = $state<string[]>([]);
  #approveDate = $state('');
  #tagText = $state('');
  #failure = $state<ActionFailure | null>(null);
  readonly #action = new FormSave();

  /** `bridge`: the way to main; `today`: the Thai date an approval starts at (a test's clock). */
  constructor(bridge: StockroomBridge = api, today: () => string = () => formatThaiDate(Date.now())) {
    super(QUOTATION_PAGE_SIZE, NO_QUOTATION_FILTER);
    this.#api = bridge;
    this.#today = today;
  }

  get items(): readonly QuotationSummary[] {
    return this.#items;
  }
  get rowCount(): number {
    return this.#items.length;
  }
  get totals(): Listing['totals'] | null {
    return this.#totals;
  }
  get coverage(): Listing['coverage'] | null {
    return this.#coverage;
  }
  /** The quotation opened; null when none is. */
  get detail(): QuotationDetail | null {
    return this.#detail;
  }
  get detailError(): Said | null {
    return this.#detailError === null ? null : refusalSaid(this.#detailError);
  }
  get salesChannels(): readonly string[] {
    return this.#salesChannels;
  }
  /** The approval date as typed (the approve dialog). */
  get approveDate(): string {
    return this.#approveDate;
  }
  /** The tag being added, as typed. */
  get tagText(): string {
    return this.#tagText;
  }
  /** Refused fields of the last action ('date' of an approval, 'tag'). */
  get actionIssues(): ReadonlyMap<string, IpcIssue> {
    return this.#action.issues;
  }
  /** Why the last action was refused when no field is to blame. */
  get failure(): ActionFailure | null {
    return this.#failure;
  }
  get acting(): boolean {
    return this.#action.saving;
  }

  async loadSalesChannels(): Promise<void> {
    const result = await this.#api.call('documents.salesChannels', {});
    if (result.ok) this.#salesChannels = result.value;
  }

  /** With each load of the list, the opened quotation is read again. */
  protected override async afterRead(): Promise<void> {
    if (this.#detail !== null) await this.open(this.#detail.id);
  }

  /** Opens a quotation by its local id (Enter on a row). */
  async open(id: number): Promise<void> {
    const result = await this.#api.call('documents.quotation', { id });
    if (result.ok) {
      if (this.#detail?.id !== id) this.#resetAction();
      this.#detail = result.value;
      this.#detailError = null;
    } else {
      this.#detailError = result.error;
    }
  }

  close(): void {
    this.#detail = null;
    this.#resetAction();
  }

  /** A form saved this quotation: it is the one shown. */
  showSaved(detail: QuotationDetail): void {
    this.#detail = detail;
    this.#resetAction();
  }

  /** Opens the approval: today (Thai) proposed, editable. */
  startApprove(): void {
    this.#approveDate = this.#today();
    this.#resetAction();
  }

  setApproveDate(value: string): void {
    this.#approveDate = value;
    this.#action.edited();
  }

  setTagText(value: string): void {
    this.#tagText = value;
    this.#action.edited();
  }

  /** True when the approval is queued (the detail then shows it). */
  approve(): Promise<boolean> {
    const date = this.#approveDate.trim();
    return this.#act((id) =>
      this.#api.call('documents.approveQuotation', { id, ...(date === '' ? {} : { date }) }),
    );
  }

  void(): Promise<boolean> {
    return this.#act((id) => this.#api.call('documents.voidQuotation', { id }));
  }

  async addTag(): Promise<boolean> {
    const tag = this.#tagText.trim();
    const done = await this.#act((id) => this.#api.call('documents.addQuotationTag', { id, tag }));
    if (done) this.#tagText = '';
    return done;
  }

  removeTag(tag: string): Promise<boolean> {
    return this.#act((id) => this.#api.call('documents.removeQuotationTag', { id, tag }));
  }

  async #act(call: (id: number) => Promise<IpcResult<QuotationDetail>>): Promise<boolean> {
    const detail = this.#detail;
    if (detail === null) return false;
    let failure: ActionFailure | null = null;
    const saved = await this.#action.run(async () => {
      const result = await call(detail.id);
      if (!result.ok && (result.error.issues ?? []).length === 0) {
        failure = { code: result.error.code, reason: result.error.reason, message: result.error.message };
      }
      return result;
    });
    this.#failure = failure;
    if (saved === null) return false;
    this.#detail = saved;
    void this.load();
    return true;
  }

  #resetAction(): void {
    this.#action.reset();
    this.#failure = null;
  }

  protected async readPage(filter: QuotationFilter, paging: Paging): Promise<PageAnswer | null> {
    const result = await this.#api.call('documents.quotations', {
      ...quotationFilterArgs(filter),
      ...paging,
    });
    return pageAnswer(result, (listing) => {
      this.#items = listing.items;
      this.#totals = listing.totals;
      this.#coverage = listing.coverage;
    });
  }
}
