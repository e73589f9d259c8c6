// The new income / new expense form: contact (a saved one found as the person types, or typed), lines
// with category and price, VAT type, discount ('50' or '10%'), an optional payment made with it. The
// figures shown before saving are main's (money.preview, computed with src-shared/money), refreshed as
// the person types. Saving answers the record queued for sending, or the fields main refused, named by
// their paths; nothing is queued then and everything typed stays.
import type { Said } from '../../lib/refusal-words.js';
import type {
  CallArgs,
  IpcIssue,
  MoneyDocumentKind,
  MoneyPreview,
  MoneyRecordDetail,
  MoneyReferenceUse,
  MoneyVatChoice,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { formatThaiDate, formatThaiDateTime } from '../../../src-shared/time/index.js';
import { api } from '../../lib/api.js';
import { coalesced } from '../../lib/coalesced.js';
import {
  ContactSuggestions,
  type SavedContact as SavedContactSuggestion,
} from '../../lib/contact-suggestions.svelte.js';
import type { PaymentMethod } from './money-list.svelte.js';
import { FormSave } from '../../lib/form-save.svelte.js';
import { optionId, typedArg, type TypedField } from '../../lib/form-input.js';
import { MONEY_RULE, PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';
import { overpayOfTyped, type Overpay } from '../../lib/overpay.js';

/** A contact of the store as last synced. */
export type SavedContact = SavedContactSuggestion;

export interface DraftLine {
  readonly name: string;
  readonly categoryName: string;
  readonly price: string;
}

export interface DraftValues {
  readonly date: string;
  /** The contact as typed (a saved contact's name once picked). */
  readonly contactText: string;
  readonly vatType: MoneyVatChoice;
  readonly discount: string;
  readonly reference: string;
  readonly description: string;
  /** A payment is made with the record. */
  readonly payNow: boolean;
  readonly payMethodId: string;
  readonly payAmount: string;
  readonly payPaidAt: string;
}

export type DraftField = Exclude<keyof DraftValues, 'payNow' | 'vatType'>;

const EMPTY_LINE: DraftLine = { name: '', categoryName: '', price: '' };

export class MoneyDraftForm {
  readonly kind: MoneyDocumentKind;
  readonly #api: StockroomBridge;
  readonly #suggestions: ContactSuggestions;
  #values = $state<DraftValues>({
    date: '',
    contactText: '',
    vatType: 'noVat',
    discount: '',
    reference: '',
    description: '',
    payNow: false,
    payMethodId: '',
    payAmount: '',
    payPaidAt: '',
  });
  #lines = $state<DraftLine[]>([EMPTY_LINE]);
  #contact = $state<SavedContact | null>(null);
  #preview = $state<MoneyPreview | null>(null);
  #previewing = $state(false);
  /** The used reference a save was held for once; saving again with it unchanged goes ahead. */
  #heldReference = $state<string | null>(null);
  /** The overpayment the last save asked about (components/OverpayQuestion); null when none is. */
  #overpay = $state<Overpay | null>(null);
  /** The person typed the payment's amount: it no longer follows the record's amount. */
  #payAmountTyped = false;
  readonly #form = new FormSave();

  /** `now` gives today's date and the payment time filled in (a test's clock). */
  constructor(kind: MoneyDocumentKind, bridge: StockroomBridge = api, now: () => number = Date.now) {
    this.kind = kind;
    this.#api = bridge;
    this.#suggestions = new ContactSuggestions(
      bridge,
      () => this.#values.contactText,
      () => this.#contact !== null,
    );
    this.#values = {
      ...this.#values,
      date: formatThaiDate(now()),
      payPaidAt: formatThaiDateTime(now()),
    };
  }

  get values(): DraftValues {
    return this.#values;
  }

  get lines(): readonly DraftLine[] {
    return this.#lines;
  }

  /** The saved contact picked; null for a typed one (or none). */
  get contact(): SavedContact | null {
    return this.#contact;
  }

  /** Saved contacts matching what is typed in the contact field. */
  get suggestions(): readonly SavedContact[] {
    return this.#suggestions.list;
  }

  /** main's figures for what is typed now; null while the form is incomplete. */
  get preview(): MoneyPreview | null {
    return this.#preview;
  }

  /** Another record of this kind that already has the reference typed (receipts print it); else null. */
  get referenceUsedBy(): MoneyReferenceUse | null {
    return this.#values.reference.trim() === '' ? null : (this.#preview?.referenceUsedBy ?? null);
  }

  /** The last save was held because of the used reference; the next save with it keeps it. */
  get referenceHeld(): boolean {
    return this.#heldReference !== null && this.#heldReference === this.#values.reference.trim();
  }

  /** The payment with the record pays more than the record's amount: asked before saving. */
  get overpay(): Overpay | null {
    return this.#overpay;
  }

  /** "Go back" on the overpay question: the form stays with what was typed. */
  keepPaying(): void {
    this.#overpay = null;
  }

  /** A preview of a newer change is on its way (the figures shown are of what was typed before). */
  get previewing(): boolean {
    return this.#previewing;
  }

  /** Refused fields by path ('date', 'lines.0.totalPrice', 'payment.methodId'…), once a save was tried. */
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

  setValue(field: DraftField, value: string): void {
    if (field === 'payAmount') this.#payAmountTyped = true;
    this.#change({ ...this.#values, [field]: value });
    if (field === 'contactText') {
      // Typing again after a pick makes it a typed contact.
      if (this.#contact !== null && value !== this.#contact.name) this.#contact = null;
      void this.#suggestions.request();
    }
  }

  setVatType(vatType: MoneyVatChoice): void {
    this.#change({ ...this.#values, vatType });
  }

  /**
   * Turns the payment made with the record on or off; on, it is filled with a method and the record's
   * amount, which it follows as the lines change until the person types an amount of their own.
   */
  setPayNow(payNow: boolean, methods: readonly PaymentMethod[]): void {
    const amount = this.#preview?.amount;
    this.#change({
      ...this.#values,
      payNow,
      payMethodId:
        this.#values.payMethodId === '' && methods[0] !== undefined
          ? String(methods[0].id)
          : this.#values.payMethodId,
      payAmount:
        this.#values.payAmount === '' && amount !== undefined ? amount.toFixed(2) : this.#values.payAmount,
    });
  }

  setLine(index: number, field: keyof DraftLine, value: string): void {
    this.#lines = this.#lines.map((line, at) => (at === index ? { ...line, [field]: value } : line));
    this.#changed();
  }

  addLine(): void {
    this.#lines = [...this.#lines, EMPTY_LINE];
    this.#changed();
  }

  removeLine(index: number): void {
    if (this.#lines.length <= 1) return;
    this.#lines = this.#lines.filter((_, at) => at !== index);
    this.#changed();
  }

  pickContact(contact: SavedContact): void {
    this.#contact = contact;
    this.#suggestions.clear();
    this.#change({ ...this.#values, contactText: contact.name });
  }

  /** The arguments of money.preview and money.create from what is typed. */
  args(): CallArgs<'money.create'> {
    const values = this.#values;
    const contactText = values.contactText.trim();
    const date = values.date.trim();
    const paidAt = values.payPaidAt.trim();
    return {
      kind: this.kind,
      ...(date === '' ? {} : { date }),
      ...(this.#contact !== null
        ? { contact: { contactId: this.#contact.id } }
        : contactText === ''
          ? {}
          : { contact: { name: contactText } }),
      vatType: values.vatType,
      discount: values.discount.trim(),
      lines: this.#lines.map((line) => ({
        name: line.name,
        categoryName: line.categoryName.trim(),
        totalPrice: typedArg(line.price, MONEY_RULE),
      })),
      reference: values.reference.trim(),
      description: values.description.trim(),
      ...(values.payNow
        ? {
            payment: {
              methodId: optionId(values.payMethodId),
              amount: typedArg(values.payAmount, PAYMENT_RULE),
              ...(paidAt === '' ? {} : { paidAt }),
            },
          }
        : {}),
    };
  }

  /** Waits for the preview of what is typed now. */
  settlePreview(): Promise<void> {
    return this.#previewReader.settled();
  }

  /**
   * Saves and queues the record; the record, or null when refused (the fields say why). A reference
   * another record of this kind already has holds the first save (referenceHeld): the person sees
   * which record, and saving again with the same reference keeps it. A payment past the record's
   * amount (main's preview) asks first (overpay): saved only once `overpayConfirmed`.
   */
  async save(overpayConfirmed = false): Promise<MoneyRecordDetail | null> {
    await this.settlePreview();
    const reference = this.#values.reference.trim();
    if (this.referenceUsedBy !== null && this.#heldReference !== reference) {
      this.#heldReference = reference;
      return null;
    }
    const amount = this.#preview?.amount;
    this.#overpay =
      overpayConfirmed || !this.#values.payNow || amount === undefined
        ? null
        : overpayOfTyped(amount, 0, this.#values.payAmount);
    if (this.#overpay !== null) return null;
    return this.#form.run(() => this.#api.call('money.create', this.args()), this.#figures());
  }

  /** The typed figures, checked by the one rule before main is asked (main checks them again). */
  #figures(): TypedField[] {
    const lines = this.#lines.map((line, at) => ({
      path: `lines.${at}.totalPrice`,
      text: line.price,
      rule: MONEY_RULE,
    }));
    const payment = this.#values.payNow
      ? [{ path: 'payment.amount', text: this.#values.payAmount, rule: PAYMENT_RULE }]
      : [];
    return [...lines, ...payment];
  }

  #change(values: DraftValues): void {
    this.#values = values;
    this.#changed();
  }

  #changed(): void {
    this.#form.edited();
    this.#previewing = true;
    void this.#previewReader.request().then(() => (this.#previewing = false));
  }

  readonly #previewReader = coalesced(async () => {
    const result = await this.#api.call('money.preview', this.args());
    if (result.ok) {
      this.#preview = result.value;
      this.#form.previewed(undefined);
      this.#followRecordAmount(result.value.amount);
    } else {
      this.#preview = null;
      this.#form.previewed(result.error.issues);
    }
  });

  /** A payment in full stays in full: its amount follows the record's (and is previewed again). */
  #followRecordAmount(amount: number): void {
    const values = this.#values;
    const full = amount.toFixed(2);
    if (!values.payNow || this.#payAmountTyped || values.payAmount === full) return;
    this.#values = { ...values, payAmount: full };
    void this.#previewReader.request();
  }
}
