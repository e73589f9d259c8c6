// One income or expense opened from the list: its detail (lines with their VAT twins, discount,
// payments, send state) and the payment form on it. The payment's resulting status comes from
// money.previewPayment as the person types, so it is shown before saving; a refused field is named next
// to it and what was typed stays.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type {
  CallArgs,
  CallValue,
  IpcIssue,
  MoneyRecordDetail,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { formatThaiDateTime } from '../../../src-shared/time/index.js';
import { api } from '../../lib/api.js';
import { coalesced } from '../../lib/coalesced.js';
import { FormSave } from '../../lib/form-save.svelte.js';
import { optionId, typedArg } from '../../lib/form-input.js';
import { PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';

export type PaymentPreview = CallValue<'money.previewPayment'>;

/** The payment fields as typed. */
export interface PaymentValues {
  /** A payment method's id as text ('' until one is chosen). */
  readonly methodId: string;
  readonly amount: string;
  /** 'yyyy-MM-dd HH:mm', Thai time. */
  readonly paidAt: string;
}

export type PaymentField = keyof PaymentValues;

/** The call's arguments from what was typed: an unchosen method is 0, the amount as typed (main reads it by the rule too). */
export function paymentArgs(recordId: number, values: PaymentValues): CallArgs<'money.recordPayment'> {
  const paidAt = values.paidAt.trim();
  return {
    recordId,
    methodId: optionId(values.methodId),
    amount: typedArg(values.amount, PAYMENT_RULE),
    ...(paidAt === '' ? {} : { paidAt }),
  };
}

export class MoneyRecordView {
  readonly id: number;
  readonly #api: StockroomBridge;
  readonly #now: () => number;
  #detail = $state<MoneyRecordDetail | null>(null);
  #error = $state<MainRefusal | null>(null);
  #paying = $state(false);
  #values = $state<PaymentValues>({ methodId: '', amount: '', paidAt: '' });
  #preview = $state<PaymentPreview | null>(null);
  readonly #form = new FormSave();

  /** `id`: the record's local id; `now` gives the default payment time (a test's clock). */
  constructor(id: number, bridge: StockroomBridge = api, now: () => number = Date.now) {
    this.id = id;
    this.#api = bridge;
    this.#now = now;
  }

  get detail(): MoneyRecordDetail | null {
    return this.#detail;
  }

  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  /** The payment form is open. */
  get paying(): boolean {
    return this.#paying;
  }

  get values(): PaymentValues {
    return this.#values;
  }

  /** What the payment would give (paid before and after, status before and after); null while incomplete. */
  get preview(): PaymentPreview | null {
    return this.#preview;
  }

  /** Refused payment fields by path ('methodId', 'amount', 'paidAt'), once a save was tried. */
  get issues(): ReadonlyMap<string, IpcIssue> {
    return this.#form.issues;
  }

  get saving(): boolean {
    return this.#form.saving;
  }

  /** Why the last save failed when no field is to blame. */
  get saveError(): Said | null {
    return this.#form.saveError;
  }

  async load(): Promise<void> {
    const result = await this.#api.call('money.detail', { id: this.id });
    if (result.ok) {
      this.#detail = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  /** Opens the payment form: the outstanding amount and the time now (Thai) filled in, method to choose. */
  startPayment(defaultMethodId: number | null): void {
    const detail = this.#detail;
    if (detail === null) return;
    const outstanding = Math.max(0, Math.round((detail.amount - detail.paymentAmount) * 100) / 100);
    this.#values = {
      methodId: defaultMethodId === null ? '' : String(defaultMethodId),
      amount: outstanding > 0 ? outstanding.toFixed(2) : '',
      paidAt: formatThaiDateTime(this.#now()),
    };
    this.#form.reset();
    this.#preview = null;
    this.#paying = true;
    void this.#previewReader.request();
  }

  cancelPayment(): void {
    this.#paying = false;
  }

  setValue(field: PaymentField, value: string): void {
    this.#values = { ...this.#values, [field]: value };
    this.#form.edited();
    void this.#previewReader.request();
  }

  /** Waits for the preview of what is typed now (tests and the page after a change). */
  settlePreview(): Promise<void> {
    return this.#previewReader.settled();
  }

  /** Saves the payment; true when it is queued (the detail is then the record with it). */
  async savePayment(): Promise<boolean> {
    const detail = await this.#form.run(
      () => this.#api.call('money.recordPayment', paymentArgs(this.id, this.#values)),
      [{ path: 'amount', text: this.#values.amount, rule: PAYMENT_RULE }],
    );
    if (detail === null) return false;
    this.#detail = detail;
    this.#paying = false;
    return true;
  }

  readonly #previewReader = coalesced(async () => {
    const result = await this.#api.call('money.previewPayment', paymentArgs(this.id, this.#values));
    if (result.ok) {
      this.#preview = result.value;
      this.#form.previewed(undefined);
    } else {
      this.#preview = null;
      this.#form.previewed(result.error.issues);
    }
  });
}
