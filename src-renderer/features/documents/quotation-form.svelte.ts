// The quotation forms: a new quotation (number proposed by main, editable; kept, it is left out of the
// save and main takes it then, so a cancelled form takes none; customer a cached contact found as the
// person types, or typed; sales channel; the shared line editor; tags), its info (number, date,
// customer, sales channel, reference, description) and its lines and money settings. What is
// typed stays on a refusal; refused fields come back by path ('number', 'customer.name', 'tags.0',
// 'lines.1.quantity'…) and nothing is queued from a refused form (main checks before it queues).
import type { Said } from '../../lib/refusal-words.js';
import type {
  CallArgs,
  IpcIssue,
  IpcResult,
  QuotationDetail,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { DocumentLinesEditor } from '../../components/document-lines.svelte.js';
import { api } from '../../lib/api.js';
import {
  ContactSuggestions,
  type SavedContact as SavedContactSuggestion,
} from '../../lib/contact-suggestions.svelte.js';
import { FormSave } from '../../lib/form-save.svelte.js';

export type QuotationFormMode = 'new' | 'info' | 'lines';

/** A contact of the store as last synced. */
export type CachedContact = SavedContactSuggestion;

/** The info fields as typed. */
export interface QuotationInfoValues {
  readonly number: string;
  readonly date: string;
  readonly customerText: string;
  readonly salesChannel: string;
  readonly reference: string;
  readonly description: string;
  /** Comma-separated (new quotations only; tags of a saved one change one at a time). */
  readonly tags: string;
}

export type QuotationInfoField = keyof QuotationInfoValues;

const EMPTY_VALUES: QuotationInfoValues = {
  number: '',
  date: '',
  customerText: '',
  salesChannel: '',
  reference: '',
  description: '',
  tags: '',
};

/** "a, b ,, c" → ['a', 'b', 'c'] */
export function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

export class QuotationForm {
  readonly mode: QuotationFormMode;
  /** The quotation edited; null for a new one. */
  readonly quotation: QuotationDetail | null;
  /** The line editor (new quotations and edit lines); null when editing the info. */
  readonly lines: DocumentLinesEditor | null;
  readonly #api: StockroomBridge;
  readonly #suggestions: ContactSuggestions;
  readonly #save = new FormSave();
  #values = $state<QuotationInfoValues>(EMPTY_VALUES);
  #contact = $state<CachedContact | null>(null);
  /** The number main proposed (new quotations); null until it answers. */
  #proposedNumber: string | null = null;

  constructor(mode: QuotationFormMode, quotation: QuotationDetail | null, bridge: StockroomBridge = api) {
    this.mode = mode;
    this.quotation = quotation;
    this.#api = bridge;
    this.#suggestions = new ContactSuggestions(
      bridge,
      () => this.#values.customerText,
      () => this.#contact !== null,
    );
    if (quotation !== null) {
      this.#values = {
        number: quotation.number,
        date: quotation.date,
        customerText: quotation.customer.name,
        salesChannel: quotation.salesChannel,
        reference: quotation.reference,
        description: quotation.description,
        tags: quotation.tags.join(', '),
      };
    }
    this.lines =
      mode === 'info'
        ? null
        : new DocumentLinesEditor(
            {
              priceField: 'sellprice',
              ...(quotation === null
                ? {}
                : {
                    initial: {
                      lines: quotation.lines,
                      vatType: quotation.figures.vatType,
                      discount: quotation.discount,
                      shippingAmount: quotation.figures.shippingAmount,
                      shippingVat: quotation.shippingVat,
                    },
                  }),
              onChanged: () => this.#save.edited(),
              onPreviewed: (issues) => this.#save.previewed(issues),
            },
            bridge,
          );
    // Until the first line, the lines are what is missing.
    if (mode === 'new') this.#save.previewed([{ path: 'lines', message: 'needs at least one line' }]);
  }

  get values(): QuotationInfoValues {
    return this.#values;
  }

  /** The cached contact picked; null for a typed customer (or none). */
  get contact(): CachedContact | null {
    return this.#contact;
  }

  get suggestions(): readonly CachedContact[] {
    return this.#suggestions.list;
  }

  /** Refused fields by path, once a save was tried. */
  get issues(): ReadonlyMap<string, IpcIssue> {
    return this.#save.issues;
  }

  get saving(): boolean {
    return this.#save.saving;
  }

  get saveError(): Said | null {
    return this.#save.saveError;
  }

  /** A new quotation: main proposes the number (this PC's own sequence; nothing is taken yet). */
  async proposeNumber(): Promise<void> {
    const result = await this.#api.call('documents.proposeQuotationNumber', {});
    if (!result.ok) return;
    this.#proposedNumber = result.value.number;
    if (this.#values.number === '') this.#values = { ...this.#values, number: result.value.number };
  }

  setValue(field: QuotationInfoField, value: string): void {
    this.#values = { ...this.#values, [field]: value };
    this.#save.edited();
    if (field === 'customerText') {
      // Typing again after a pick makes it a typed customer.
      if (this.#contact !== null && value !== this.#contact.name) this.#contact = null;
      void this.#suggestions.request();
    }
  }

  pickContact(contact: CachedContact): void {
    this.#contact = contact;
    this.#suggestions.clear();
    this.#values = { ...this.#values, customerText: contact.name };
    this.#save.edited();
  }

  /** Waits for the contact search of what is typed now. */
  settleSuggestions(): Promise<void> {
    return this.#suggestions.settled();
  }

  /** The info part of the arguments, from what is typed. */
  infoArgs(): Omit<CallArgs<'documents.editQuotationInfo'>, 'id'> {
    const values = this.#values;
    const text = (value: string) => value.trim();
    const customerText = text(values.customerText);
    return {
      number: text(values.number),
      ...(text(values.date) === '' ? {} : { date: text(values.date) }),
      ...(this.#contact !== null
        ? { customer: { contactId: this.#contact.id } }
        : customerText === ''
          ? {}
          : { customer: { name: customerText } }),
      salesChannel: text(values.salesChannel),
      reference: text(values.reference),
      description: text(values.description),
    };
  }

  /** Saves: the quotation as main now has it, or null when refused (fields or saveError say why). */
  save(): Promise<QuotationDetail | null> {
    return this.#save.run(() => this.#call(), this.lines?.figures() ?? []);
  }

  #call(): Promise<IpcResult<QuotationDetail>> {
    const id = this.quotation?.id;
    const lines = this.lines?.draft();
    if (this.mode === 'new' && lines !== undefined) {
      const { number, ...info } = this.infoArgs();
      return this.#api.call('documents.createQuotation', {
        ...info,
        // The proposal kept is left to main, which takes it as it saves, or the next number when
        // another form saved this one meanwhile; a typed number is sent as typed.
        ...(number === this.#proposedNumber ? {} : { number }),
        tags: tagsOf(this.#values.tags),
        ...lines,
      });
    }
    if (id === undefined) return Promise.reject(new Error('an edit form without its quotation'));
    if (this.mode === 'lines' && lines !== undefined)
      return this.#api.call('documents.editQuotation', { id, ...lines });
    return this.#api.call('documents.editQuotationInfo', { id, ...this.infoArgs() });
  }
}
