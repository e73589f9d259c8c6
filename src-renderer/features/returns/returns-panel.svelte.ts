// The returns panel's state (Documents page, Alt+2): the list with its filters and totals, the chosen
// return's detail (lines, payments, the goods' movement, the chain of writes waiting to send), and the
// forms — new return (number proposed by main, editable; kept, it is left out of the save and main takes
// it then, so a cancelled form takes none; lines from the shared editor, purchase price first), status,
// payment, tags, voids. Calls go through the bridge it is given; refused fields are kept by path for
// the page to word; the filter and forms as typed, and the arguments they become, are in
// return-forms.ts.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type {
  CallValue,
  IpcIssue,
  ReturnOrderDetail,
  ReturnOrderSummary,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import type { ReturnStatusTarget } from '../../../src-shared/domain/vocabulary.js';
import { DocumentLinesEditor } from '../../components/document-lines.svelte.js';
import { api } from '../../lib/api.js';
import { FormSave } from '../../lib/form-save.svelte.js';
import { issuesByPath, typedArg } from '../../lib/form-input.js';
import { overpayOfTyped, type Overpay } from '../../lib/overpay.js';
import { PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';
import {
  createArgs,
  listArgs,
  NO_NEW_RETURN,
  NO_RETURN_FILTER,
  type NewReturnText,
  type PaymentText,
  type ReturnFilterText,
  type StatusText,
} from './return-forms.js';

export const RETURNS_PAGE_SIZE = 50;

type Dialog = 'new' | 'status' | 'payment' | 'voidPayment' | 'voidReturn' | null;

export class ReturnsPanelState {
  readonly #api: StockroomBridge;
  #filter = $state<ReturnFilterText>(NO_RETURN_FILTER);
  #filterIssues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #list = $state<CallValue<'returns.list'> | null>(null);
  #offset = $state(0);
  #detail = $state<ReturnOrderDetail | null>(null);
  #error = $state<MainRefusal | null>(null);
  #dialog = $state<Dialog>(null);
  #newText = $state<NewReturnText>(NO_NEW_RETURN);
  /** The number main proposed for the new return shown; null until it answers. */
  #proposedNumber: string | null = null;
  #statusText = $state<StatusText>({ status: 'Waiting', actionDate: '', warehouseCode: '' });
  #paymentText = $state<PaymentText>({ amount: '', methodId: null, paidAt: '' });
  #overpay = $state<Overpay | null>(null);
  #warehouses = $state<CallValue<'catalogue.warehouses'>>([]);
  #methods = $state<CallValue<'money.paymentMethods'>>([]);
  readonly newSave = new FormSave();
  readonly statusSave = new FormSave();
  readonly paymentSave = new FormSave();
  readonly actionSave = new FormSave();
  // A new editor for each new return; the dialog's lines follow it, so it is state.
  editor = $state<DocumentLinesEditor>() as DocumentLinesEditor;

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.editor = this.#newEditor();
  }

  get filter(): ReturnFilterText {
    return this.#filter;
  }
  get filterIssues(): ReadonlyMap<string, IpcIssue> {
    return this.#filterIssues;
  }
  get items(): readonly ReturnOrderSummary[] {
    return this.#list?.items ?? [];
  }
  get totals(): CallValue<'returns.list'>['totals'] | null {
    return this.#list?.totals ?? null;
  }
  get total(): number {
    return this.#list?.total ?? 0;
  }
  get offset(): number {
    return this.#offset;
  }
  get detail(): ReturnOrderDetail | null {
    return this.#detail;
  }
  /** Why the last read failed, in the page's words (main's text behind Details). */
  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }
  get dialog(): Dialog {
    return this.#dialog;
  }
  get newText(): NewReturnText {
    return this.#newText;
  }
  get statusText(): StatusText {
    return this.#statusText;
  }
  get paymentText(): PaymentText {
    return this.#paymentText;
  }
  /** The overpayment asked about; null when none is. */
  get overpay(): Overpay | null {
    return this.#overpay;
  }
  get warehouses(): CallValue<'catalogue.warehouses'> {
    return this.#warehouses;
  }
  get methods(): CallValue<'money.paymentMethods'> {
    return this.#methods;
  }

  /** Reads again when main says the copy changed or a write moved (send states). */
  listen(): () => void {
    const again = () => {
      void this.load();
      if (this.#detail) void this.#readDetail(this.#detail.id);
    };
    const stops = [this.#api.on('returns.changed', again), this.#api.on('outbox.changed', again)];
    return () => stops.forEach((stop) => stop());
  }

  async start(): Promise<void> {
    const [warehouses, methods] = await Promise.all([
      this.#api.call('catalogue.warehouses', {}),
      this.#api.call('money.paymentMethods', {}),
    ]);
    if (warehouses.ok) this.#warehouses = warehouses.value;
    if (methods.ok) this.#methods = methods.value;
    await this.load();
  }

  setFilter(changes: Partial<ReturnFilterText>): void {
    this.#filter = { ...this.#filter, ...changes };
  }

  /** The list with the filter as typed; a refused field is kept by its path and the list stays. */
  async load(offset = this.#offset): Promise<void> {
    const result = await this.#api.call('returns.list', listArgs(this.#filter, offset, RETURNS_PAGE_SIZE));
    if (!result.ok) {
      this.#filterIssues = issuesByPath(result.error.issues);
      if (this.#filterIssues.size === 0) this.#error = result.error;
      return;
    }
    this.#filterIssues = new Map();
    this.#error = null;
    this.#offset = offset;
    this.#list = result.value;
  }

  async page(step: 1 | -1): Promise<void> {
    const next = this.#offset + step * RETURNS_PAGE_SIZE;
    if (next < 0 || next >= this.total) return;
    await this.load(next);
  }

  /** Opens a return: what the PC holds at once, then (online) what the back office holds now. */
  async open(id: number): Promise<void> {
    await this.#readDetail(id);
    const refreshed = await this.#api.call('returns.refresh', { id });
    if (refreshed.ok && this.#detail?.id === id) this.#detail = refreshed.value;
  }

  async #readDetail(id: number): Promise<void> {
    const result = await this.#api.call('returns.detail', { id });
    if (result.ok) this.#detail = result.value;
    else this.#error = result.error;
  }

  close(): void {
    this.#dialog = null;
    this.#overpay = null;
  }

  /** "Go back" on the overpay question: the payment (or new return) form stays with what was typed. */
  keepPaying(): void {
    this.#overpay = null;
  }

  // ---- New return

  async openNew(): Promise<void> {
    // Main proposes this PC's next number and takes nothing: Esc leaves no gap.
    const proposed = await this.#api.call('returns.newNumber', {});
    this.#proposedNumber = proposed.ok ? proposed.value.number : null;
    this.editor = this.#newEditor();
    this.newSave.reset();
    this.#newText = {
      ...NO_NEW_RETURN,
      number: proposed.ok ? proposed.value.number : '',
      date: proposed.ok ? proposed.value.date : '',
      warehouseCode: this.#warehouses[0]?.code ?? '',
      methodId: this.#methods[0]?.id ?? null,
    };
    this.#dialog = 'new';
  }

  setNew(changes: Partial<NewReturnText>): void {
    this.#newText = { ...this.#newText, ...changes };
    this.newSave.edited();
  }

  /**
   * Saves the new return; refused fields stay named and nothing is queued. A payment past the return's
   * amount (main's preview of the lines) asks first: saved only once `overpayConfirmed`.
   */
  async saveNew(overpayConfirmed = false): Promise<boolean> {
    const text = this.#newText;
    await this.editor.settlePreview();
    const pay = text.payAmount.trim();
    const amount = this.editor.preview?.amount;
    this.#overpay =
      overpayConfirmed || pay === '' || amount === undefined ? null : overpayOfTyped(amount, 0, pay);
    if (this.#overpay !== null) return false;
    const args = createArgs(text, this.#proposedNumber, this.editor.draft());
    const figures = [
      ...this.editor.figures(),
      ...(pay === '' ? [] : [{ path: 'payment.amount', text: pay, rule: PAYMENT_RULE }]),
    ];
    const saved = await this.newSave.run(() => this.#api.call('returns.create', args), figures);
    if (!saved) return false;
    this.#detail = saved;
    this.#dialog = null;
    await this.load(0);
    return true;
  }

  // ---- Writes on the chosen return

  openStatus(status: ReturnStatusTarget = 'Waiting'): void {
    if (!this.#detail) return;
    this.statusSave.reset();
    this.#statusText = { status, actionDate: '', warehouseCode: this.#detail.warehouseCode };
    this.#dialog = 'status';
  }

  setStatusText(changes: Partial<StatusText>): void {
    this.#statusText = { ...this.#statusText, ...changes };
    this.statusSave.edited();
  }

  async saveStatus(): Promise<boolean> {
    const detail = this.#detail;
    if (!detail) return false;
    const text = this.#statusText;
    const success = text.status === 'Success';
    return this.#applied(
      await this.statusSave.run(() =>
        this.#api.call('returns.setStatus', {
          id: detail.id,
          status: text.status,
          ...(success && text.actionDate.trim() ? { actionDate: text.actionDate.trim() } : {}),
          ...(success && text.warehouseCode ? { warehouseCode: text.warehouseCode } : {}),
        }),
      ),
    );
  }

  openPayment(): void {
    if (!this.#detail) return;
    this.paymentSave.reset();
    this.#paymentText = { amount: '', methodId: this.#methods[0]?.id ?? null, paidAt: '' };
    this.#dialog = 'payment';
  }

  setPaymentText(changes: Partial<PaymentText>): void {
    this.#paymentText = { ...this.#paymentText, ...changes };
    this.paymentSave.edited();
  }

  /** Saves the payment; one past what is owed only once `overpayConfirmed` (the question answered). */
  async savePayment(overpayConfirmed = false): Promise<boolean> {
    const detail = this.#detail;
    if (!detail) return false;
    const text = this.#paymentText;
    this.#overpay = overpayConfirmed
      ? null
      : overpayOfTyped(detail.amount, detail.paymentAmount, text.amount);
    if (this.#overpay !== null) return false;
    return this.#applied(
      await this.paymentSave.run(
        () =>
          this.#api.call('returns.recordPayment', {
            id: detail.id,
            methodId: text.methodId ?? 0,
            amount: typedArg(text.amount, PAYMENT_RULE),
            ...(text.paidAt.trim() ? { paidAt: text.paidAt.trim() } : {}),
          }),
        [{ path: 'amount', text: text.amount, rule: PAYMENT_RULE }],
      ),
    );
  }

  /** Asks first (the dialog starts on Cancel). */
  ask(what: 'voidPayment' | 'voidReturn'): void {
    if (!this.#detail) return;
    this.actionSave.reset();
    this.#dialog = what;
  }

  async confirm(): Promise<boolean> {
    const detail = this.#detail;
    if (!detail || (this.#dialog !== 'voidPayment' && this.#dialog !== 'voidReturn')) return false;
    const call = this.#dialog === 'voidPayment' ? 'returns.voidPayment' : 'returns.void';
    return this.#applied(await this.actionSave.run(() => this.#api.call(call, { id: detail.id })));
  }

  async tag(tag: string, adds: boolean): Promise<boolean> {
    const detail = this.#detail;
    if (!detail || tag.trim() === '') return false;
    const call = adds ? 'returns.addTag' : 'returns.removeTag';
    return this.#applied(
      await this.actionSave.run(() => this.#api.call(call, { id: detail.id, tag: tag.trim() })),
    );
  }

  async #applied(detail: ReturnOrderDetail | null): Promise<boolean> {
    if (!detail) return false;
    this.#detail = detail;
    this.#dialog = null;
    await this.load();
    return true;
  }

  #newEditor(): DocumentLinesEditor {
    return new DocumentLinesEditor(
      {
        priceField: 'purchaseprice',
        onChanged: () => this.newSave.edited(),
        onPreviewed: (issues) => this.newSave.previewed(issues),
      },
      this.#api,
    );
  }
}
